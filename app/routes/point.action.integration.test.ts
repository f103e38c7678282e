import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerTransaction } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import { insertReview } from "#tests/setup/spark-reviews";
import * as pointPage from "./point";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

const balance = (who: SignedInMember) => balanceOf(runtime.db, memberPointsCode(who.id)).catch(() => 0);

interface GiftPage {
  gift: { allowed: boolean; token: string };
  balanceValue: number;
}

describe("/point (gifting points)", () => {
  it("lets a reviewer gift points, once per form, and refuses everybody else", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    const recipient = await signUpMember(runtime);
    for (const who of [owner, other, adminWithoutTwoFactor])
      await runInTransaction(runtime.db, runtime.clock, (uow) => grantWelcomePoints(uow, who.id, 1000));
    // Only `owner` has written a review.
    await insertReview(runtime.db, runtime.clock, owner.id);

    const page = await callLoader(pointPage.loader, { path: "/point", as: owner });
    const { gift } = page.data as GiftPage;
    expect(gift.allowed).toBe(true);
    expect(
      ((await callLoader(pointPage.loader, { path: "/point", as: other })).data as GiftPage).gift.allowed,
    ).toBe(false);

    const send = (as: SignedInMember | null, form: Record<string, string> = {}) =>
      callAction(pointPage.action, {
        path: "/point",
        form: { nickname: recipient.nickname, amount: "500", token: gift.token, ...form },
        as,
      });

    expect((await send(null)).outcome).toBe("sign-in");
    expect((await send(firstLogin)).outcome).toBe("first-login");
    expect((await send(adminWithoutTwoFactor)).outcome).toBe("two-step");
    const refused = await send(other);
    expect(refused.outcome).toBe("refused");
    expect(refused.data).toMatchObject({
      error: { code: "reviewers_only", message: "바이크 리뷰를 작성한 회원만 포인트를 선물할 수 있습니다." },
    });
    expect(await balance(recipient)).toBe(0);

    const sent = await send(owner);
    expect(sent.outcome).toBe("done");
    expect(sent.location).toBe("/point");
    expect(sent.flashed).toBe(true);
    // The same form sent again (a double click, a resend): still one gift, answered as sent.
    const again = await send(owner);
    expect(again.outcome).toBe("done");
    expect(again.location).toBe("/point");
    expect(await balance(owner)).toBe(500);
    expect(await balance(recipient)).toBe(500);
    const gifts = await runtime.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `gift:${owner.id}:${gift.token}`));
    expect(gifts).toHaveLength(1);
  });

  it("keeps what was typed and names the field's rule when the form is refused", async () => {
    const sender = await signUpMember(runtime);
    await runInTransaction(runtime.db, runtime.clock, (uow) => grantWelcomePoints(uow, sender.id, 1000));
    await insertReview(runtime.db, runtime.clock, sender.id);
    const token = "0123456789abcdef0123";
    const send = (form: Record<string, string>, path = "/point") =>
      callAction(pointPage.action, { path, form: { token, ...form }, as: sender });

    const step = await send({ nickname: "누군가", amount: "150" });
    expect(step.outcome).toBe("invalid");
    expect(step.data).toMatchObject({
      lastResult: {
        initialValue: { nickname: "누군가", amount: "150" },
        error: { amount: ["spark.gift.error.amount_step"] },
      },
    });
    const above = await send({ nickname: "누군가", amount: "1100" });
    expect(above.data).toMatchObject({ error: { code: "recipient_not_found" } });
    const recipient = await signUpMember(runtime);
    const over = await send({ nickname: recipient.nickname, amount: "1100" });
    expect(over.outcome).toBe("invalid");
    expect(over.data).toMatchObject({
      error: { code: "insufficient", message: "보유 포인트보다 많이 선물할 수 없습니다." },
      lastResult: { initialValue: { amount: "1100" } },
    });
    const empty = await send({ nickname: "", amount: "100" });
    expect(empty.data).toMatchObject({
      lastResult: { error: { nickname: ["spark.gift.error.recipient_required"] } },
    });

    const unknown = await send({ nickname: "없는닉네임없는닉네임", amount: "100" }, "/en/my/point");
    expect(unknown.outcome).toBe("invalid");
    expect(unknown.data).toMatchObject({
      error: { code: "recipient_not_found", message: "No member has that nickname." },
      lastResult: { initialValue: { nickname: "없는닉네임없는닉네임", amount: "100" } },
    });
    const self = await send({ nickname: sender.nickname, amount: "100" });
    expect(self.data).toMatchObject({ error: { code: "recipient_self" } });
    expect(await balance(sender)).toBe(1000);
  });
});
