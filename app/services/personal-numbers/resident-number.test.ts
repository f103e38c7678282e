import { describe, expect, it } from "vitest";
import { maskResidentNumber, parseResidentNumber } from "./resident-number";

describe("resident registration numbers", () => {
  it("reads the number typed with or without its hyphen, with spaces or a pasted dash", () => {
    for (const typed of [
      "900101-1234567",
      "9001011234567",
      " 900101 - 1234567 ",
      "900101‐1234567",
      "900101 1234567",
    ])
      expect(parseResidentNumber(typed), typed).toBe("9001011234567");
  });

  it("accepts every sex and century digit of citizens and registered foreigners", () => {
    expect(parseResidentNumber("900101-2234567")).toBe("9001012234567");
    expect(parseResidentNumber("050101-3234567")).toBe("0501013234567");
    expect(parseResidentNumber("050101-4234567")).toBe("0501014234567");
    expect(parseResidentNumber("850101-5234567")).toBe("8501015234567");
    expect(parseResidentNumber("850101-6234567")).toBe("8501016234567");
    expect(parseResidentNumber("100101-7234567")).toBe("1001017234567");
    expect(parseResidentNumber("100101-8234567")).toBe("1001018234567");
  });

  it("does not check the old last-digit checksum (numbers since October 2020 do not follow it)", () => {
    const checked = ["9001011234560", "9001011234561", "9001011234562", "9001011234569"];
    for (const digits of checked) expect(parseResidentNumber(digits), digits).toBe(digits);
  });

  it("refuses a birth date that does not exist in its century", () => {
    expect(parseResidentNumber("000229-3234567")).toBe("0002293234567");
    expect(parseResidentNumber("960229-1234567")).toBe("9602291234567");
    expect(parseResidentNumber("000229-7234567")).toBe("0002297234567");
    expect(parseResidentNumber("000229-4234567")).toBe("0002294234567");
    for (const typed of [
      "000229-1234567", // 1900 was not a leap year
      "000229-2234567",
      "000229-5234567",
      "000229-6234567",
      "970229-1234567",
      "901301-1234567",
      "900001-1234567",
      "900100-1234567",
      "900431-1234567",
    ])
      expect(parseResidentNumber(typed), typed).toBeUndefined();
  });

  it("refuses a wrong length, letters, other separators, and the digits 9 and 0 for sex and century", () => {
    for (const typed of [
      "",
      "900101-123456",
      "900101-12345678",
      "900101-1234a67",
      "900101_1234567",
      "900101.1234567",
      "900101-9234567",
      "900101-0234567",
      "９００１０１-１２３４５６７",
    ])
      expect(parseResidentNumber(typed), typed).toBeUndefined();
  });

  it("masks all but the birth date and the sex digit", () => {
    expect(maskResidentNumber("9001011234567")).toBe("900101-1******");
    expect(maskResidentNumber(parseResidentNumber("050101 4765432")!)).toBe("050101-4******");
  });
});
