import { describe, expect, it } from "vitest";
import { countOrNull, idOrNull, pageOf } from "./input.server";

describe("address and form numbers, parsed by schema", () => {
  it("reads an id only from plain digits within a PostgreSQL integer", () => {
    expect(idOrNull("42")).toBe(42);
    expect(idOrNull("2147483647")).toBe(2147483647);
    for (const text of ["", "0", "-1", "+1", "1e3", "1.5", "0x10", " 7", "2147483648", null, undefined]) {
      expect(idOrNull(text), String(text)).toBeNull();
    }
  });

  it("reads a count from digits, zero included, and refuses anything else", () => {
    expect(countOrNull("0")).toBe(0);
    expect(countOrNull(" 12 ")).toBe(12);
    for (const text of ["", "-3", "1.0", "3개", "1e2", "1234567890", null]) {
      expect(countOrNull(text), String(text)).toBeNull();
    }
  });

  it("answers the page an address asks for, and the first page for anything that is not one", () => {
    const page = (query: string) => pageOf(new URL(`http://localhost/announce/notice${query}`));
    expect(page("?page=3")).toBe(3);
    for (const query of [
      "",
      "?page=",
      "?page=0",
      "?page=-2",
      "?page=2.5",
      "?page=abc",
      "?page=1e3",
      "?page=100000",
    ]) {
      expect(page(query), query).toBe(1);
    }
  });
});
