import { and, count, eq, like } from "drizzle-orm";
import { boardArticle, listingInspection, marketListing, member, memberSkill } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DAY_MS, HOUR_MS } from "#app/platform/seoul-calendar";
import { actorOf } from "#app/services/actor";
import {
  answerInspection,
  publishReport,
  requestInspection,
  writeReport,
} from "#app/services/inspection/inspections.server";
import type { ReportInput } from "#app/services/inspection/inspection.schema";
import { endMeeting, reserveMeeting, setAppointment } from "#app/services/meetings/meeting/meetings.server";
import type { MeetingRequestInput } from "#app/services/meetings/meeting/request.schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";
import { demoPicture } from "./pictures.server";

/** The demo listing inspected (its title without the demo mark), its seller, buyer and the shop that inspects it. */
const LISTING_TITLE = "혼다 PCX 125 2021년식 1.2만km 팝니다";
const SELLER = "jiyoung";
const BUYER = "taeho";
const SHOP = "garage";

const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/**
 * One inspection before buying on a demo listing, written through the inspection and meeting services at the moments
 * it would have happened: the buyer asks the demo shop to inspect the PCX, its seller agrees to the time, the shop
 * meets, inspects and submits its report with photos, and the seller publishes it on the listing. Needs the demo
 * members, their skills and listings; does nothing when any inspection exists. Answers how many it wrote.
 */
export async function seedDemoInspection(runtime: Runtime): Promise<number> {
  const { db, clock, storage } = runtime;
  const [existing] = await db.select({ n: count() }).from(listingInspection);
  if ((existing?.n ?? 0) > 0) return 0;
  const riders = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const actor = (name: string) => {
    const row = riders.find((rider) => rider.email === `${name}@${DEMO_EMAIL_DOMAIN}`);
    return row ? actorOf({ id: row.id, role: "member", twoFactorEnabled: false }) : null;
  };
  const [seller, buyer, shop] = [actor(SELLER), actor(BUYER), actor(SHOP)];
  if (!seller || !buyer || !shop) return 0;
  const [listing] = await db
    .select({ id: marketListing.articleId })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(and(eq(marketListing.sellerId, seller.id), like(boardArticle.title, `%${LISTING_TITLE}`)));
  const [skill] = await db
    .select({ id: memberSkill.id })
    .from(memberSkill)
    .where(and(eq(memberSkill.memberId, shop.id), eq(memberSkill.kind, "repair")));
  if (!listing || !skill) return 0;

  const start = clock.now().getTime() - 6 * DAY_MS;
  const inspectAt = new Date(start + 2 * DAY_MS);
  const input = {
    kind: "repair",
    skillId: skill.id,
    model: "혼다 PCX 125 2021",
    repairOption: "inspection",
    symptom: "구매 전 점검 부탁드립니다. 사고 이력과 구동계 상태가 궁금해요.",
    wishAt: inspectAt,
    memo: "",
    locationName: "",
  } satisfies MeetingRequestInput;
  const { inspectionId, meeting } = await requestInspection(db, clockAt(start), buyer, input, listing.id);
  await answerInspection(db, clockAt(start + 2 * HOUR_MS), seller, inspectionId, "agree");
  await setAppointment(db, clockAt(start + 3 * HOUR_MS), shop, meeting.id, inspectAt);
  await reserveMeeting(db, clockAt(start + 3 * HOUR_MS), shop, meeting.id);
  const afterwards = inspectAt.getTime() + 2 * HOUR_MS;
  await endMeeting(db, clockAt(afterwards), shop, meeting.id);

  const photos = [
    { body: await demoPicture({ color: "#0f766e", view: 0 }), declaredType: "image/jpeg" },
    { body: await demoPicture({ color: "#0f766e", view: 2 }), declaredType: "image/jpeg" },
  ];
  const report: ReportInput = {
    intent: "submit",
    engineCondition: "good",
    engineNote: "냉간 시동 양호, 누유 없음. 엔진오일 교환 기록 확인.",
    brakesCondition: "attention",
    brakesNote: "앞 브레이크 패드 잔량 약 30%, 3천km 안에 교체 권장.",
    chainCondition: "good",
    chainNote: "벨트 구동(스쿠터), 구동계 소음 없음.",
    tyresCondition: "good",
    tyresNote: "앞뒤 트레드 충분, 2023년 생산.",
    electricsCondition: "good",
    electricsNote: "스마트키 2개 모두 작동, 등화류 정상.",
    frameCondition: "good",
    frameNote: "프레임 변형·용접 흔적 없음. 좌측 카울 작은 스크래치.",
    papersCondition: "good",
    papersNote: "이륜차 사용신고필증 명의와 차대번호 일치 확인.",
    verdict: "withCare",
    summary: "전반적으로 관리가 잘 된 차량입니다. 앞 브레이크 패드만 교체하면 바로 타기 좋습니다.",
    keep: [],
  };

  await writeReport(
    { db, clock: clockAt(afterwards + HOUR_MS), storage },
    shop,
    inspectionId,
    report,
    photos,
  );
  await publishReport(db, clockAt(afterwards + DAY_MS), seller, inspectionId);
  return 1;
}
