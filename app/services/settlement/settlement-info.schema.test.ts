import { describe, expect, it } from "vitest";
import {
  ageOn,
  parseKoreanName,
  parseTaxEmail,
  parseTaxPhone,
  settlementConsoleSchema,
  settlementInfoSchema,
  type SettlementFormOptions,
} from "./settlement-info.schema";

// 2026-03-05 00:00 in Seoul is 2026-03-04 15:00 UTC.
const seoulMidnight = new Date("2026-03-04T15:00:00Z");
const justBefore = new Date(seoulMidnight.getTime() - 1);

const individual: SettlementFormOptions = {
  category: "individual",
  now: seoulMidnight,
  accountOnFile: false,
  residentOnFile: false,
};
const business: SettlementFormOptions = { ...individual, category: "business" };

/** The messages a form gets per field, or the parsed value. */
function parse(options: SettlementFormOptions, form: Record<string, unknown>) {
  const result = settlementInfoSchema(options).safeParse(form);
  if (result.success) return { value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return { errors };
}

const person = {
  bankCode: "088",
  holderName: "김 민수",
  accountNumber: "110-123-456789",
  residentNumber: "900101-1234567",
  agreed: true,
};

describe("the settlement form", () => {
  it("reads an individual's form: digits of both numbers, the holder's name as typed", () => {
    expect(parse(individual, person)).toEqual({
      value: {
        bankCode: "088",
        holderName: "김 민수",
        accountNumber: "110123456789",
        residentNumber: "9001011234567",
        agreed: true,
      },
    });
  });

  it("takes Korean names only, spaces allowed between syllables", () => {
    for (const name of ["김민수", "남궁 민수", " 이서연 ", "김  민수"])
      expect(parseKoreanName(name), name).toBeDefined();
    expect(parseKoreanName("김  민수")).toBe("김 민수");
    for (const name of [
      "",
      "  ",
      "Kim",
      "김minsu",
      "김민수1",
      "ㄱㄴㄷ",
      "김-민수",
      "김.민수",
      "가".repeat(21),
    ])
      expect(parseKoreanName(name), name).toBeUndefined();
    expect(parse(individual, { ...person, holderName: "Minsu Kim" })).toEqual({
      errors: { holderName: ["settlementInfo.error.holder_invalid"] },
    });
  });

  it("takes a bank of the list and an account number of 10 to 16 digits", () => {
    expect(parse(individual, { ...person, bankCode: "999" })).toEqual({
      errors: { bankCode: ["settlementInfo.error.bank_invalid"] },
    });
    expect(parse(individual, { ...person, bankCode: undefined })).toEqual({
      errors: { bankCode: ["settlementInfo.error.bank_invalid"] },
    });
    for (const number of ["123456789", "12345678901234567", "110-123-45678O"])
      expect(parse(individual, { ...person, accountNumber: number }), number).toEqual({
        errors: { accountNumber: ["settlementInfo.error.account_invalid"] },
      });
    expect(parse(individual, { ...person, accountNumber: undefined })).toEqual({
      errors: { accountNumber: ["settlementInfo.error.account_required"] },
    });
  });

  it("keeps the stored numbers when their fields are left empty, once they are on file", () => {
    const onFile = { ...individual, accountOnFile: true, residentOnFile: true };
    expect(parse(onFile, { ...person, accountNumber: undefined, residentNumber: undefined })).toEqual({
      value: { bankCode: "088", holderName: "김 민수", agreed: true },
    });
  });

  it("needs a resident number with a real birth date and the agreement", () => {
    expect(parse(individual, { ...person, residentNumber: "901301-1234567" })).toEqual({
      errors: { residentNumber: ["settlementInfo.error.resident_invalid"] },
    });
    expect(parse(individual, { ...person, residentNumber: undefined, agreed: false })).toEqual({
      errors: {
        residentNumber: ["settlementInfo.error.resident_required"],
        agreed: ["settlementInfo.error.agreement_required"],
      },
    });
  });

  it("takes members from their 15th birthday on the Seoul calendar", () => {
    // Born 5 March 2011: 15 from 5 March 2026 in Seoul.
    const born = "110305-3234567";
    expect(ageOn("1103053234567", justBefore)).toBe(14);
    expect(ageOn("1103053234567", seoulMidnight)).toBe(15);
    expect(parse({ ...individual, now: justBefore }, { ...person, residentNumber: born })).toEqual({
      errors: { residentNumber: ["settlementInfo.error.too_young"] },
    });
    expect(parse(individual, { ...person, residentNumber: born })).toMatchObject({
      value: { residentNumber: "1103053234567" },
    });
    // Born on 29 February: a year older on 1 March in a common year.
    expect(ageOn("0802293234567", new Date("2023-02-28T12:00:00Z"))).toBe(14);
    expect(ageOn("0802293234567", new Date("2023-02-28T15:00:00Z"))).toBe(15);
  });

  it("asks a business for the owner, the tax invoices' e-mail and mobile number, and no resident number", () => {
    const form = {
      bankCode: "004",
      holderName: "모토상사",
      accountNumber: "1234567890",
      ownerName: "박대표",
      taxEmail: " Tax@Example.COM ",
      taxPhone: "010-1234-5678",
    };
    expect(parse(business, { ...form, residentNumber: "900101-1234567" })).toEqual({
      value: { ...form, accountNumber: "1234567890", taxEmail: "tax@example.com", taxPhone: "01012345678" },
    });
    expect(
      parse(business, { ...form, ownerName: "Park", taxEmail: "tax@", taxPhone: "011-1234-5678" }),
    ).toEqual({
      errors: {
        ownerName: ["settlementInfo.error.owner_invalid"],
        taxEmail: ["settlementInfo.error.email_invalid"],
        taxPhone: ["settlementInfo.error.phone_invalid"],
      },
    });
  });

  it("reads the tax invoices' mobile number: 010 and 9 to 12 digits in all", () => {
    expect(parseTaxPhone("010123456")).toBe("010123456");
    expect(parseTaxPhone("010 1234 56789")).toBe("010123456789");
    for (const phone of ["01012345", "0101234567890", "02-123-4567", "010-1234-567a", ""])
      expect(parseTaxPhone(phone), phone).toBeUndefined();
    expect(parseTaxEmail("a@b.co")).toBe("a@b.co");
    expect(parseTaxEmail("not an address")).toBeUndefined();
  });
});

describe("the console's review", () => {
  it("needs a note of at most 200 characters for a correction, none for a plain review", () => {
    expect(
      settlementConsoleSchema.safeParse({ intent: "review", userId: "m1", verdict: "reviewed" }).success,
    ).toBe(true);
    const correction = { intent: "review", userId: "m1", verdict: "correction" };
    expect(settlementConsoleSchema.safeParse(correction).error?.issues[0]).toMatchObject({
      path: ["note"],
      message: "settlementInfo.error.review_note_required",
    });
    expect(
      settlementConsoleSchema.safeParse({ ...correction, note: "가".repeat(201) }).error?.issues[0],
    ).toMatchObject({
      message: "settlementInfo.error.review_note_length",
    });
    expect(settlementConsoleSchema.safeParse({ intent: "unlock", userId: "../x" }).success).toBe(false);
  });
});
