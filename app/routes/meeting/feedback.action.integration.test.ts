import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { meetingFeedback } from "#app/db/schema";
import { translate } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { FLASH_COOKIE, takeFlash } from "#app/shell/flash.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./feedback";

let runtime: Runtime;
let callers: Callers;
let provider: SignedInMember;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  provider = await signUpMember(runtime);
});

/** A repair meeting of the owner's with the provider, ended now `minutes` after its appointment. */
const endedMeeting = (status: "ended" | "reserved" = "ended", minutes = 60) =>
  insertMeeting(
    runtime.db,
    runtime.clock,
    { requesterId: callers.owner.id, providerId: provider.id },
    {
      status,
      appointmentAt: new Date(runtime.clock.now().getTime() - minutes * MINUTE_MS),
      endedAt: status === "ended" ? runtime.clock.now() : null,
    },
  );

const path = (meetingId: number) => `/meeting/feedback?meeting=${meetingId}`;
const post = (as: SignedInMember | null, meetingId: number, form: Record<string, string>) =>
  callAction(page.action, { path: path(meetingId), form, as });
/** 135 characters as a member writes them: 200 P without a photo. */
const REVIEW =
  "오일 교환을 꼼꼼하게 해 주시고 체인 장력과 브레이크 패드 상태까지 함께 봐 주셨어요. 작업하시면서 부품마다 왜 갈아야 하는지 사진으로 보여 주셔서 이해하기 쉬웠습니다. 약속 시간도 정확히 지켜 주셨고 정비가 끝난 뒤에는 시운전까지 같이 나가";
const give = (content = REVIEW) => ({ intent: "give", verdict: "smooth", rating: "5", content });

/** The owner posts the form; answers the flash message the redirect sets. */
async function flashAfter(meetingId: number, form: Record<string, string>) {
  const request = new Request(new URL(path(meetingId), "http://localhost:3999"), {
    method: "POST",
    headers: { Cookie: callers.owner.cookie },
    body: new URLSearchParams(form),
  });
  const response = (await page.action({
    request,
    url: new URL(request.url),
    pattern: "/meeting/feedback",
    params: {},
    context: new RouterContextProvider(),
  } as never)) as Response;
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${FLASH_COOKIE}=`))
    ?.split(";")[0];
  const { flash } = await takeFlash(cookie ?? null, {
    secret: runtime.config.sessionSecret,
    now: runtime.clock.now().getTime(),
    secure: false,
  });
  return flash;
}

const feedbackOf = async (meetingId: number, authorId: string) =>
  runtime.db
    .select()
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.meetingId, meetingId), eq(meetingFeedback.authorId, authorId)));
const points = () => balanceOf(runtime.db, memberPointsCode(callers.owner.id)).catch(() => 0);

describe("/meeting/feedback", () => {
  it("shows the form to a side of an ended meeting only", async () => {
    const meetingId = await endedMeeting();
    const load = (as: SignedInMember | null) => callLoader(page.loader, { path: path(meetingId), as });
    expect((await load(null)).outcome).toBe("sign-in");
    expect((await load(callers.other)).outcome).toBe("refused");
    expect((await load(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await load(callers.admin)).outcome).toBe("refused");
    const shown = await load(callers.owner);
    expect(shown.data).toMatchObject({
      meeting: { id: meetingId, kind: "repair", otherNickname: provider.nickname },
      answered: null,
    });
    expect(
      (await callLoader(page.loader, { path: "/meeting/feedback?meeting=x", as: callers.owner })).outcome,
    ).toBe("not-found");
  });

  it("takes feedback from a side only, pays 200 P once, and keeps what was typed when refused", async () => {
    const meetingId = await endedMeeting();
    for (const [who, as, outcome] of [
      ["a visitor", null, "sign-in"],
      ["another member", callers.other, "refused"],
      ["an administrator without two-step verification", callers.adminWithoutTwoFactor, "two-step"],
      ["an administrator", callers.admin, "refused"],
    ] as const) {
      expect((await post(as, meetingId, give())).outcome, who).toBe(outcome);
    }
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([]);

    const invalid = await post(callers.owner, meetingId, {
      intent: "give",
      verdict: "smooth",
      rating: "9",
      content: "좋았어요",
    });
    expect(invalid.outcome).toBe("invalid");
    expect(invalid.data).toMatchObject({
      lastResult: {
        error: { rating: ["conduct.error.feedback_rating_invalid"] },
        initialValue: { content: "좋았어요" },
      },
    });

    const before = await points();
    const given = await post(callers.owner, meetingId, give());
    expect(given).toMatchObject({ outcome: "done", location: "/my/feedback", flashed: true });
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([
      expect.objectContaining({ verdict: "smooth", rating: 5, rewardPoints: 200 }),
    ]);
    expect(await points()).toBe(before + 200);

    const again = await post(callers.owner, meetingId, give());
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: { code: "feedback_already_given" } });
    expect(await points()).toBe(before + 200);
  });

  it("keeps feedback that earns nothing and says why, in both languages", async () => {
    const before = await points();
    const short = await endedMeeting("ended", 5);
    const shortFlash = await flashAfter(short, give());
    expect(shortFlash).toMatchObject({
      key: "conduct.flash.rewardWithheld.meeting_short",
      params: { minutes: 20 },
    });
    expect(translate("ko", shortFlash!.key, shortFlash!.params)).toContain("20분");
    expect(translate("en", shortFlash!.key, shortFlash!.params)).toContain("20 minutes");
    expect(await feedbackOf(short, callers.owner.id)).toEqual([
      expect.objectContaining({ content: REVIEW, rewardPoints: 0, rewardWithheld: "meeting_short" }),
    ]);

    const padded = await endedMeeting();
    const paddedFlash = await flashAfter(padded, give(`. .${" ".repeat(198)}`));
    expect(paddedFlash?.key).toBe("conduct.flash.rewardWithheld.content_short");
    expect(translate("en", paddedFlash!.key, paddedFlash!.params)).toContain("under 100 characters");
    expect(await points()).toBe(before);

    const invisible = await post(callers.owner, await endedMeeting(), give("\u200B".repeat(200)));
    expect(invisible.outcome).toBe("invalid");
    expect(invisible.data).toMatchObject({
      lastResult: { error: { content: ["conduct.error.feedback_content_required"] } },
    });
  });

  it("refuses feedback before the meeting ends, and skips once", async () => {
    const reserved = await endedMeeting("reserved");
    expect((await post(callers.owner, reserved, give())).data).toMatchObject({
      error: { code: "feedback_not_open" },
    });
    const meetingId = await endedMeeting();
    expect((await post(callers.other, meetingId, { intent: "skip" })).outcome).toBe("refused");
    expect((await post(null, meetingId, { intent: "skip" })).outcome).toBe("sign-in");
    expect((await post(callers.owner, meetingId, { intent: "skip" })).outcome).toBe("done");
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([
      expect.objectContaining({ verdict: "skipped", rating: null }),
    ]);
    expect((await post(callers.owner, meetingId, { intent: "skip" })).status).toBe(409);
  });
});
