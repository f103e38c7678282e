import { describe, expect, it } from "vitest";
import { initials } from "./Avatar";

describe("avatar initials", () => {
  it("take the first letter of up to two words", () => {
    expect(initials("Moto Mate")).toBe("MM");
    expect(initials("moto mate rider")).toBe("MM");
    expect(initials("라이더")).toBe("라");
    expect(initials("  김 바이크 ")).toBe("김바");
    expect(initials("")).toBe("?");
    expect(initials("😀rider")).toBe("😀");
  });
});
