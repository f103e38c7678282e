import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { motorcycleReview } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import { insertReview } from "#tests/setup/spark-reviews";
import * as sparkRoute from "./spark";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

async function sparkCount(reviewId: number) {
  const [row] = await runtime.db
    .select({ count: motorcycleReview.sparkCount })
    .from(motorcycleReview)
    .where(eq(motorcycleReview.id, reviewId));
  return row!.count;
}

describe("/review/motorcycle/spark (giving sparks)", () => {
  it("lets a signed-in member spark another member's review, and nobody else", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    // `other` wrote the review; `owner` gives the sparks.
    const reviewId = await insertReview(runtime.db, runtime.clock, other.id);
    const give = (as: SignedInMember | null, amount = "3", path = "/review/motorcycle/spark") =>
      callAction(sparkRoute.action, { path, form: { reviewId: String(reviewId), amount }, as });

    expect((await give(null)).outcome).toBe("sign-in");
    expect((await give(firstLogin)).outcome).toBe("first-login");
    expect((await give(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await sparkCount(reviewId)).toBe(0);

    const own = await give(other);
    expect(own.outcome).toBe("refused");
    expect(own.data).toMatchObject({
      error: { code: "own_review", message: "내 리뷰에는 스파크를 보낼 수 없습니다." },
      remainingToday: 10,
      givenToReview: 0,
    });

    const given = await give(owner);
    expect(given.outcome).toBe("done");
    expect(given.data).toEqual({
      done: true,
      message: "스파크 3개를 보냈습니다.",
      amount: 3,
      remainingToday: 7,
      givenToReview: 3,
    });
    expect(await sparkCount(reviewId)).toBe(3);
  });

  it("answers a refusal in the page's language with the counts as they are now", async () => {
    const giver = await signUpMember(runtime);
    const first = await insertReview(runtime.db, runtime.clock, (await signUpMember(runtime)).id);
    const second = await insertReview(runtime.db, runtime.clock, (await signUpMember(runtime)).id);
    const give = (reviewId: number, amount: string, path = "/review/motorcycle/spark") =>
      callAction(sparkRoute.action, { path, form: { reviewId: String(reviewId), amount }, as: giver });

    expect((await give(first, "8")).outcome).toBe("done");
    const short = await give(second, "5", "/en/review/motorcycle/spark");
    expect(short.outcome).toBe("invalid");
    expect(short.data).toMatchObject({
      error: { code: "not_enough", message: "Not enough sparks. You have 2 sparks left today." },
      remainingToday: 2,
      givenToReview: 0,
    });
    expect((await give(first, "2")).outcome).toBe("done");
    const full = await give(first, "1");
    expect(full.data).toMatchObject({
      error: { code: "already_sent" },
      remainingToday: 0,
      givenToReview: 10,
    });
    expect((await give(first, "abc")).data).toMatchObject({ error: { code: "amount_invalid" } });
    const missing = await give(2_000_000_000, "1");
    expect(missing.outcome).toBe("not-found");
    expect(
      (await callLoader(sparkRoute.loader, { path: "/review/motorcycle/spark", as: giver })).outcome,
    ).toBe("not-found");
  });

  it("sends a page post (without JavaScript) back to the review with the outcome as a message", async () => {
    const giver = await signUpMember(runtime);
    const reviewId = await insertReview(runtime.db, runtime.clock, (await signUpMember(runtime)).id);
    const post = (amount: string) =>
      callWithRequest(
        sparkRoute.action,
        new Request("http://localhost:3999/en/review/motorcycle/spark", {
          method: "POST",
          headers: { Cookie: giver.cookie, "Sec-Fetch-Mode": "navigate" },
          body: new URLSearchParams({ reviewId: String(reviewId), amount }),
        }),
      );
    const given = await post("10");
    expect(given.location).toBe(`/en/review/motorcycle/detail?id=${reviewId}`);
    expect(given.flashed).toBe(true);
    const refused = await post("1");
    expect(refused.location).toBe(`/en/review/motorcycle/detail?id=${reviewId}`);
    expect(refused.flashed).toBe(true);
    expect(await sparkCount(reviewId)).toBe(10);
  });
});
