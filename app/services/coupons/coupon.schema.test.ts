import { describe, expect, it } from "vitest";
import { parseSubmission } from "#app/shell/form.server";
import { couponConsoleSchema, registerCouponSchema } from "./coupon.schema";

const formOf = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
};

/** The messages of a refused form, field by field. */
const errorsOf = (submission: { status?: string; error?: unknown }) =>
  submission.status === "error" ? submission.error : undefined;

const create = (overrides: Record<string, string | string[]> = {}) =>
  parseSubmission(
    formOf({
      intent: "create",
      name: "정비 쿠폰",
      discountKind: "won",
      value: "5000",
      meetingKinds: "repair",
      startsAt: "2026-06-01T00:00",
      endsAt: "2026-07-01T00:00",
      ...overrides,
    }),
    couponConsoleSchema,
  );

describe("the console's coupon form", () => {
  it("reads a coupon: amounts as numbers, empty fields as none, times in Seoul, the code normalised", () => {
    const parsed = create({
      token: "form-token-0123456789",
      meetingKinds: ["repair", "pickup"],
      code: "fall-2026",
      quantity: "",
      maxDiscount: "",
    });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "create",
      token: "form-token-0123456789",
      name: "정비 쿠폰",
      discountKind: "won",
      value: 5_000,
      maxDiscount: null,
      minAmount: 0,
      meetingKinds: ["repair", "pickup"],
      startsAt: new Date("2026-05-31T15:00:00Z"),
      endsAt: new Date("2026-06-30T15:00:00Z"),
      quantity: null,
      code: "FALL2026",
    });
    const percent = create({ discountKind: "percent", value: "10", maxDiscount: "7000", minAmount: "20000" });
    expect(percent.status === "success" && percent.value).toMatchObject({
      value: 10,
      maxDiscount: 7_000,
      minAmount: 20_000,
    });
  });

  it("says what is wrong beside each field", () => {
    const refused = create({
      name: " ",
      value: "-5",
      discountKind: "percent",
      meetingKinds: [],
      endsAt: "2026-05-01T00:00",
      quantity: "0",
      code: "AB",
    });
    expect(refused.status).toBe("error");
    expect(errorsOf(refused)).toMatchObject({
      name: ["coupon.error.name_invalid"],
      value: ["coupon.error.value_invalid"],
      meetingKinds: ["coupon.error.kinds_required"],
    });
    expect(errorsOf(create({ discountKind: "percent", value: "150" }))).toMatchObject({
      value: ["coupon.error.percent_invalid"],
    });
    expect(errorsOf(create({ endsAt: "2026-05-01T00:00", quantity: "0", code: "AB" }))).toEqual({
      endsAt: ["coupon.error.period_invalid"],
      quantity: ["coupon.error.quantity_invalid"],
      code: ["coupon.error.code_format"],
    });
  });

  it("reads the members of an issue, one list without repeats", () => {
    const parsed = parseSubmission(
      formOf({ intent: "issue", couponId: "7", members: "라이더, rider2\nrider2  라이더3" }),
      couponConsoleSchema,
    );
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "issue",
      couponId: 7,
      members: ["라이더", "rider2", "라이더3"],
    });
    const many = Array.from({ length: 101 }, (_, i) => `r${i}`).join(",");
    expect(
      errorsOf(
        parseSubmission(formOf({ intent: "issue", couponId: "7", members: many }), couponConsoleSchema),
      ),
    ).toEqual({
      members: ["coupon.error.members_too_many"],
    });
  });
});

describe("the registration form", () => {
  it("wants a code, as typed", () => {
    const parsed = parseSubmission(formOf({ code: " fall-2026 " }), registerCouponSchema);
    expect(parsed.status === "success" && parsed.value).toEqual({ code: "fall-2026" });
    expect(errorsOf(parseSubmission(formOf({ code: "  " }), registerCouponSchema))).toEqual({
      code: ["coupon.error.code_required"],
    });
  });
});
