import { describe, expect, it } from "vitest";
import { maskPhoneNumber } from "./phone";

describe("a masked mobile number", () => {
  it("keeps the carrier prefix and the last four digits only", () => {
    expect(maskPhoneNumber("01012345678")).toBe("010-****-5678");
    expect(maskPhoneNumber("0111234567")).toBe("011-***-4567");
  });

  it("hides a number of another shape but for its last two digits", () => {
    expect(maskPhoneNumber("12345")).toBe("***45");
    expect(maskPhoneNumber("")).toBe("");
  });
});
