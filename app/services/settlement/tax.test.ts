import { describe, expect, it } from "vitest";
import { withdrawalAmounts, withholdingOf } from "./tax";

describe("withholding on individuals' withdrawals", () => {
  it("takes 3% income tax and 10% of it as local income tax, each without the won below 10", () => {
    expect(withholdingOf(100_000, "individual")).toEqual({ incomeTax: 3_000, localTax: 300 });
    // 999.99 → 990; 99 → 90.
    expect(withholdingOf(33_333, "individual")).toEqual({ incomeTax: 990, localTax: 90 });
    expect(withholdingOf(27_000, "individual")).toEqual({ incomeTax: 810, localTax: 80 });
  });

  it("withholds nothing from business members, and nothing of nothing", () => {
    expect(withholdingOf(100_000, "business")).toEqual({ incomeTax: 0, localTax: 0 });
    expect(withholdingOf(0, "individual")).toEqual({ incomeTax: 0, localTax: 0 });
    expect(withholdingOf(-500, "individual")).toEqual({ incomeTax: 0, localTax: 0 });
  });

  it("drops small amounts to zero below the ten won, and keeps no exemption under 1,000 won of tax", () => {
    expect(withholdingOf(333, "individual")).toEqual({ incomeTax: 0, localTax: 0 });
    expect(withholdingOf(334, "individual")).toEqual({ incomeTax: 10, localTax: 0 });
    expect(withholdingOf(3_334, "individual")).toEqual({ incomeTax: 100, localTax: 10 });
    expect(withholdingOf(10_000, "individual")).toEqual({ incomeTax: 300, localTax: 30 });
  });
});

describe("a withdrawal's amounts", () => {
  it("deposits the gross less the bank's fee and the tax withheld", () => {
    expect(withdrawalAmounts(100_000, "individual", 500)).toEqual({
      gross: 100_000,
      bankFee: 500,
      incomeTax: 3_000,
      localTax: 300,
      deposit: 96_200,
    });
    expect(withdrawalAmounts(100_000, "business", 500)).toEqual({
      gross: 100_000,
      bankFee: 500,
      incomeTax: 0,
      localTax: 0,
      deposit: 99_500,
    });
  });

  it("says when nothing would be left to deposit", () => {
    expect(withdrawalAmounts(500, "business", 500).deposit).toBe(0);
    expect(withdrawalAmounts(500, "individual", 500).deposit).toBe(-10);
    expect(withdrawalAmounts(400, "business", 500).deposit).toBe(-100);
  });
});
