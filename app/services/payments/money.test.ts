import { describe, expect, it } from "vitest";
import { feeOf, refundShares } from "./money.server";

describe("the platform's fee", () => {
  it("is 10% of an individual's price and 5% of a business's, rounded half up to the won", () => {
    expect(feeOf(30_000, "individual")).toBe(3_000);
    expect(feeOf(30_000, "business")).toBe(1_500);
    expect(feeOf(12_345, "individual")).toBe(1_235);
    expect(feeOf(12_344, "individual")).toBe(1_234);
    expect(feeOf(10_010, "business")).toBe(501);
    expect(feeOf(10_009, "business")).toBe(500);
    expect(feeOf(0, "individual")).toBe(0);
    expect(feeOf(5_000_000, "individual")).toBe(500_000);
  });
});

describe("what a refund takes back once the meeting was settled", () => {
  const settled = { price: 30_000, fee: 3_000, charged: 25_000 };

  it("takes back exactly what was settled when all of it is refunded", () => {
    expect(refundShares(settled, 25_000)).toEqual({ provider: 27_000, fee: 3_000 });
    expect(refundShares(settled, 0)).toEqual({ provider: 0, fee: 0 });
  });

  it("takes the provider's share up and the fee's down, never less in total than the refund", () => {
    // 10,000 of 25,000 charged is 40%: the provider gives back 10,800, the fee 1,200, the promotions get 2,000.
    expect(refundShares(settled, 10_000)).toEqual({ provider: 10_800, fee: 1_200 });
    for (const refunded of [1, 7, 333, 9_999, 12_345, 24_999]) {
      const share = refundShares(settled, refunded);
      expect(share.provider + share.fee).toBeGreaterThanOrEqual(refunded);
      expect(share.provider).toBeLessThanOrEqual(27_000);
      expect(share.fee).toBeLessThanOrEqual(3_000);
    }
  });

  it("adds up over several refunds to the whole", () => {
    const steps = [3_333, 10_000, 11_667];
    let before = { provider: 0, fee: 0 };
    let total = 0;
    const taken = { provider: 0, fee: 0 };
    for (const step of steps) {
      total += step;
      const after = refundShares(settled, total);
      taken.provider += after.provider - before.provider;
      taken.fee += after.fee - before.fee;
      before = after;
    }
    expect(taken).toEqual({ provider: 27_000, fee: 3_000 });
  });

  it("without a coupon takes back exactly the refund", () => {
    const plain = { price: 20_000, fee: 2_000, charged: 20_000 };
    for (const refunded of [1, 9, 5_001, 19_999]) {
      const share = refundShares(plain, refunded);
      expect(share.provider + share.fee).toBe(refunded);
    }
  });
});
