import { count, eq, like } from "drizzle-orm";
import { articleFrameNumber, boardArticle, member } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { actorOf } from "#app/services/actor";
import { checkArticle, insertArticle, listCategories } from "#app/services/board/articles.server";
import { memberTradeAreas } from "#app/services/market/areas.server";
import { checkListing, insertListing } from "#app/services/market/listings.server";
import { digestFrameNumber } from "#app/services/theft/frame-number-digest.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

const DEMO_MARK = "[데모]";
const HOUR = 60 * 60 * 1000;

/**
 * A demo VIN in the ISO 3779 alphabet: the theft report carries it, and the listing posted after it with the same
 * number is held for an administrator (ADR 070). Listed in the ADR so that a tester can type it in a listing.
 */
export const DEMO_STOLEN_VIN = "RLHJC7710LY012345";

/**
 * The stolen-vehicle check's demo: 서연's theft report of her PCX with its frame number, then a listing of the same
 * bike by 지영 a day later, which the check holds (hidden, 서연 notified, waiting in the administrators' queue).
 * Written through the board's and market's services; the rows carry demo = true. Needs the demo members and runs
 * once (nothing is written while any frame number is on file); answers how many posts it wrote.
 */
export async function seedDemoTheft(runtime: Runtime): Promise<number> {
  const { db, clock, config } = runtime;
  const [existing] = await db.select({ n: count() }).from(articleFrameNumber);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const byName = new Map(
    rows.map((row) => [
      row.email.split("@")[0]!,
      actorOf({ id: row.id, role: "member", twoFactorEnabled: false }),
    ]),
  );
  const reporter = byName.get("seoyeon");
  const seller = byName.get("jiyoung");
  if (!reporter || !seller) return 0;
  const [theftCategory] = await listCategories(db, "reportTheft");
  const [saleCategory] = await listCategories(db, "under125Scooter");
  const [area] = await memberTradeAreas(db, seller.id);
  if (!theftCategory || !saleCategory || !area) return 0;
  const number = () => digestFrameNumber(config.personalDataKeys, DEMO_STOLEN_VIN);
  const now = clock.now().getTime();
  const at = (hoursAgo: number) => ({ now: () => new Date(now - hoursAgo * HOUR) });

  const report = await checkArticle(db, {
    kind: "reportTheft",
    categoryId: theftCategory.id,
    title: `${DEMO_MARK} 흰색 혼다 PCX125 도난당했습니다 (성수동)`,
    contentHtml:
      "<p>어제 밤 11시쯤 성수동 카페 앞에 세워 둔 흰색 PCX125(2020년식)가 사라졌습니다. 뒤 박스에 스티커가 붙어 있어요.</p><p>비슷한 매물을 보시면 댓글 부탁드립니다. 경찰에 신고했습니다.</p>",
    isPrivate: false,
    frameNumber: number(),
  });
  await runInTransaction(db, at(30), async (uow) => {
    const { id } = await insertArticle(uow, at(30), reporter, report);
    await uow.tx.update(boardArticle).set({ demo: true }).where(eq(boardArticle.id, id));
  });

  const listing = await checkListing(db, at(6), {
    kind: "under125Scooter",
    categoryId: saleCategory.id,
    title: `${DEMO_MARK} PCX125 2020년식 흰색 급매`,
    contentHtml: "<p>출퇴근용으로 타던 PCX입니다. 급하게 정리합니다. 서류 있습니다.</p>",
    price: 1_900_000,
    negotiable: true,
    tradeDirect: true,
    tradeDelivery: false,
    areaCode: area.code,
    vehicle: {
      modelName: "혼다 PCX125",
      modelYear: 2020,
      mileageKm: 15_000,
      displacementCc: 125,
      colour: "흰색",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: false,
    },
    frameNumber: number(),
  });
  await insertListing(db, at(6), seller, listing, { demo: true });
  return 2;
}
