import { describe, expect, it } from "vitest";
import { couponDiscountKinds, meetingKinds } from "#app/db/schema";
import {
  couponApplies,
  couponMeetingKinds,
  couponRefusal,
  discountKinds,
  discountOf,
  normaliseCouponCode,
  type CouponTerms,
} from "./rules";

const won = (value: number) => ({ discountKind: "won" as const, value, maxDiscount: null });
const percent = (value: number, maxDiscount: number | null = null) => ({
  discountKind: "percent" as const,
  value,
  maxDiscount,
});

describe("a coupon's discount", () => {
  it.each([
    // A won coupon takes its value off, never more than the amount.
    [won(5_000), 30_000, 5_000],
    [won(5_000), 5_000, 5_000],
    [won(5_000), 3_000, 3_000],
    [won(5_000), 0, 0],
    // A percent coupon takes floor(amount × value / 100): rounded down to the won.
    [percent(10), 30_000, 3_000],
    [percent(10), 12_345, 1_234],
    [percent(15), 9_999, 1_499],
    [percent(33), 100, 33],
    [percent(33), 1, 0],
    [percent(1), 99, 0],
    [percent(100), 45_678, 45_678],
    // … then its cap.
    [percent(20, 5_000), 100_000, 5_000],
    [percent(20, 5_000), 20_000, 4_000],
    [percent(20, 5_000), 25_000, 5_000],
    // Integers throughout, even far past what floats hold exactly.
    [percent(7), 9_007_199_254_740_991, 630_503_947_831_869],
  ])("%o off %d won is %d won", (coupon, amount, expected) => {
    const discount = discountOf(coupon, amount);
    expect(discount).toBe(expected);
    expect(Number.isSafeInteger(discount)).toBe(true);
    expect(discount).toBeLessThanOrEqual(amount);
  });

  it("refuses what is not an amount of won", () => {
    expect(() => discountOf(won(1_000), -1)).toThrow(RangeError);
    expect(() => discountOf(won(1_000), 10.5)).toThrow(RangeError);
    expect(() => discountOf(percent(10), Number.NaN)).toThrow(RangeError);
  });
});

describe("whether a coupon applies", () => {
  const terms: CouponTerms = {
    ...won(5_000),
    minAmount: 20_000,
    meetingKinds: ["repair", "coaching"],
    startsAt: new Date("2026-06-01T00:00:00Z"),
    endsAt: new Date("2026-07-01T00:00:00Z"),
  };
  const during = new Date("2026-06-15T00:00:00Z");

  it("applies to its meetings from its minimum amount, within its validity", () => {
    expect(couponApplies(terms, "repair", 20_000, during)).toBe(true);
    expect(couponApplies(terms, "coaching", 50_000, terms.startsAt)).toBe(true);
  });

  it.each([
    ["owner", 30_000, during, "kind_not_covered"],
    ["pickup", 30_000, during, "kind_not_covered"],
    ["repair", 19_999, during, "below_minimum"],
    ["repair", 30_000, new Date("2026-05-31T23:59:59Z"), "not_started"],
    // The end is not included.
    ["repair", 30_000, new Date("2026-07-01T00:00:00Z"), "expired"],
  ] as const)("refuses %s for %d won at %s: %s", (kind, amount, at, refusal) => {
    expect(couponRefusal(terms, kind, amount, at)).toBe(refusal);
    expect(couponApplies(terms, kind, amount, at)).toBe(false);
  });

  it("is not spent where it would take nothing off", () => {
    const free = { ...terms, minAmount: 0 };
    expect(couponRefusal(free, "repair", 0, during)).toBe("nothing_off");
    expect(couponRefusal({ ...free, ...percent(10) }, "repair", 9, during)).toBe("nothing_off");
    expect(couponRefusal({ ...free, ...percent(10) }, "repair", 10, during)).toBeNull();
  });
});

describe("a registration code", () => {
  it("is read without letter case, spaces, hyphens or full-width forms", () => {
    expect(normaliseCouponCode(" motomate-2026 ")).toBe("MOTOMATE2026");
    expect(normaliseCouponCode("Moto Mate_2026")).toBe("MOTOMATE2026");
    expect(normaliseCouponCode("ＭＯＴＯ２０２６")).toBe("MOTO2026");
    expect(normaliseCouponCode("  ")).toBe("");
  });
});

describe("the forms' lists", () => {
  it("name the database's meeting and discount kinds", () => {
    expect(couponMeetingKinds).toEqual(meetingKinds);
    expect(discountKinds).toEqual(couponDiscountKinds);
  });
});
