import { describe, expect, it } from "vitest";
import { maskBankAccountNumber, parseBankAccountNumber } from "./bank-account";

describe("bank account numbers", () => {
  it("reads the digits, whatever hyphens or spaces the bank's grouping put in", () => {
    expect(parseBankAccountNumber("110-123-456789")).toBe("110123456789");
    expect(parseBankAccountNumber("123456-01-234567")).toBe("12345601234567");
    expect(parseBankAccountNumber(" 3333 01 2345678 ")).toBe("3333012345678");
    expect(parseBankAccountNumber("1002‐345‐678901")).toBe("1002345678901");
  });

  it("takes 10 to 16 digits", () => {
    expect(parseBankAccountNumber("1234567890")).toBe("1234567890");
    expect(parseBankAccountNumber("1234-5678-9012-3456")).toBe("1234567890123456");
    expect(parseBankAccountNumber("123-456-789")).toBeUndefined();
    expect(parseBankAccountNumber("1234-5678-9012-34567")).toBeUndefined();
  });

  it("refuses letters, other separators and nothing at all", () => {
    for (const typed of ["", "---", "110-123-45678O", "110.123.456789", "110/123/456789", "+110123456789"])
      expect(parseBankAccountNumber(typed), typed).toBeUndefined();
  });

  it("masks all but the last four digits, without the typed grouping", () => {
    expect(maskBankAccountNumber("110123456789")).toBe("********6789");
    expect(maskBankAccountNumber(parseBankAccountNumber("1234-5678-9012-3456")!)).toBe("************3456");
    expect(maskBankAccountNumber("1234567890")).toBe("******7890");
  });
});
