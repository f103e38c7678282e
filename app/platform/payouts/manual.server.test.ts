import { describe, expect, it } from "vitest";
import { createManualPayouts } from "./manual.server";

describe("manual payouts", () => {
  it("sends nothing: every payout is processing until an administrator says otherwise", async () => {
    const payouts = createManualPayouts();
    expect(payouts.mode).toBe("manual");
    const request = {
      payoutKey: "wd-1",
      memberId: "member-1",
      category: "individual" as const,
      amount: 29_010,
      bankCode: "088",
      accountNumber: "110123456789",
      holderName: "김라이더",
    };
    expect(await payouts.send([request, { ...request, payoutKey: "wd-2" }])).toEqual([
      { status: "processing", ref: null },
      { status: "processing", ref: null },
    ]);
    expect(await payouts.lookup("wd-1")).toEqual({ status: "processing", ref: null });
    expect(await payouts.balance()).toBeNull();
    expect(payouts.parseWebhook('{"eventType":"payout.changed"}', new Headers())).toBeNull();
    expect(payouts.registerSeller).toBeUndefined();
  });
});
