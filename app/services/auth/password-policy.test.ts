import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonPasswords } from "./common-passwords";
import type { WeakPasswordReason } from "./errors";
import { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from "./password-policy";

function reasonsOf(password: string, identifiers?: string[]): WeakPasswordReason[] {
  const verdict = checkPassword(password, identifiers);
  return verdict.ok ? [] : verdict.reasons;
}

describe("the common password list", () => {
  it("holds at least 400 lower-case entries, including the Korean and riders' favourites", () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(400);
    for (const entry of commonPasswords) expect(entry).toBe(entry.toLowerCase());
    for (const entry of [
      "password",
      "1q2w3e4r",
      "saranghae",
      "dkssudgktpdy",
      "gksrmf",
      "ducati",
      "motomate",
    ]) {
      expect(commonPasswords.has(entry)).toBe(true);
    }
  });
});

describe("checkPassword", () => {
  it("accepts strong passwords", () => {
    expect(checkPassword("라이더-Saddle-42!")).toEqual({ ok: true });
    expect(checkPassword("Gw7#pLx2qV")).toEqual({ ok: true });
    expect(checkPassword("Gw7#pLx2qV", ["rider.kim@example.com", "010-9876-5432"])).toEqual({ ok: true });
  });

  it("refuses a password shorter than the minimum, counting code points", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(reasonsOf("Gw7#pLx")).toEqual(["too_short"]);
    expect(reasonsOf("")).toContain("too_short");
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect("🛵🚲🛞🧭🌄🏁🚀").toHaveLength(14);
    expect(reasonsOf("🛵🚲🛞🧭🌄🏁🚀")).toEqual(["too_short"]);
    expect(reasonsOf("🛵🚲🛞🧭🌄🏁🚀🏍")).toEqual([]);
    expect(reasonsOf("Gw7#pLx2")).toEqual([]);
  });

  it("allows 128 code points and refuses 129, an emoji counting as one", () => {
    expect(PASSWORD_MAX).toBe(128);
    const base = "Gw7#pLx2qV라이더🏍".repeat(10); // 14 code points × 10
    const exactly = (n: number) => Array.from(base).slice(0, n).join("");
    expect(Array.from(exactly(128))).toHaveLength(128);
    expect(exactly(128).length).toBeGreaterThan(128); // the emoji are two UTF-16 units each
    expect(checkPassword(exactly(128))).toEqual({ ok: true });
    expect(reasonsOf(exactly(129))).toEqual(["too_long"]);
    expect(reasonsOf(exactly(127) + "🏍")).toEqual([]);
    expect(reasonsOf(exactly(128) + "🏍")).toEqual(["too_long"]);
  });

  it("refuses common passwords, also with another case or decoration after them", () => {
    expect(reasonsOf("iloveyou")).toEqual(["common"]);
    expect(reasonsOf("ILoveYou")).toEqual(["common"]);
    expect(reasonsOf("saranghae")).toEqual(["common"]);
    expect(reasonsOf("dkssudgktpdy")).toEqual(["common"]);
    expect(reasonsOf("Password1!")).toEqual(["common"]);
    expect(reasonsOf("Sarang2024!!")).toEqual(["common"]);
    expect(reasonsOf("Kawasaki#1")).toEqual(["common"]);
    expect(reasonsOf("motomate 2026")).toEqual(["common"]);
    // The stripped remainder must be 6 characters or more to count.
    expect(reasonsOf("honda-2026")).toEqual([]);
    // Only trailing decoration is stripped.
    expect(reasonsOf("2026!harley")).toEqual([]);
  });

  it("refuses one character throughout or a short unit repeated", () => {
    expect(reasonsOf("ㅋㅋㅋㅋㅋㅋㅋㅋ")).toEqual(["repeated"]);
    expect(reasonsOf("xkzxkzxkz")).toEqual(["repeated"]);
    expect(reasonsOf("XkZxKzxkz")).toEqual(["repeated"]);
    expect(reasonsOf("11111111")).toEqual(["common", "repeated"]);
    expect(reasonsOf("abcabcabc")).toEqual(["repeated", "sequential"]);
    expect(reasonsOf("드림드림드림드림")).toEqual(["repeated"]);
    // Almost a repetition is not one, and an acceptable password typed twice is acceptable.
    expect(reasonsOf("xkzxkzxkq")).toEqual([]);
    expect(reasonsOf("Saddle42Saddle42")).toEqual([]);
  });

  it("refuses keyboard, alphabet and number runs covering the whole password", () => {
    for (const password of ["12345678", "abcdefgh", "qwertyui", "87654321", "1q2w3e4r", "qwer1234"]) {
      expect(reasonsOf(password), password).toEqual(["common", "sequential"]);
    }
    for (const password of [
      "QWERTYUIO",
      "poiuytrewq",
      "mnbvcxz,./",
      "!@#$%^&*()",
      ";lkjhgfdsa",
      "xyz789fgh",
      "qwertasdfgzxcvb",
      "ZAQ!XSW@CDE#",
      "a1b2c3d4e5",
      "1234567890123",
    ]) {
      expect(reasonsOf(password), password).toEqual(["sequential"]);
    }
    // A run with anything else in it is not a run.
    expect(reasonsOf("qwerty-Saddle")).toEqual([]);
    expect(reasonsOf("1234567x")).toEqual([]);
    expect(reasonsOf("13572468")).toEqual([]);
  });

  it("refuses a password containing the e-mail local part or the mobile number", () => {
    const email = ["Rider.Kim@Example.com"];
    expect(reasonsOf("Rider.Kim-2026!", email)).toEqual(["contains_identifier"]);
    expect(reasonsOf("xx-RIDERKIM-xx", email)).toEqual(["contains_identifier"]);
    expect(reasonsOf("Saddle-rider.kim", ["rider.kim+moto@example.com"])).toEqual(["contains_identifier"]);
    // The domain alone is not the identifier.
    expect(reasonsOf("Example.com-42!", email)).toEqual([]);
    // A local part under four characters is not checked.
    expect(reasonsOf("Kim-Saddle-42", ["kim@example.com"])).toEqual([]);
    expect(reasonsOf("Ride-Saddle-42", ["ride@example.com"])).toEqual(["contains_identifier"]);

    const phone = ["010-9876-5432"];
    expect(reasonsOf("moto01098765432", phone)).toEqual(["contains_identifier"]);
    expect(reasonsOf("moto(010)9876-5432", phone)).toEqual(["contains_identifier"]);
    expect(reasonsOf("moto-98765432!", phone)).toEqual(["contains_identifier"]);
    expect(reasonsOf("moto-98765432!", ["+82 10-9876-5432"])).toEqual(["contains_identifier"]);
    expect(reasonsOf("moto-98765433!", phone)).toEqual([]);
    expect(reasonsOf("moto-98765432!", [])).toEqual([]);
  });

  it("returns every reason that applies, in a stable order", () => {
    expect(reasonsOf("1111", ["1111"])).toEqual(["too_short", "common", "repeated", "contains_identifier"]);
    expect(reasonsOf("abcd", ["abcd@example.com"])).toEqual([
      "too_short",
      "sequential",
      "contains_identifier",
    ]);
    expect(reasonsOf("qwerty123", ["qwerty@example.com"])).toEqual([
      "common",
      "sequential",
      "contains_identifier",
    ]);
    expect(reasonsOf("z".repeat(129))).toEqual(["too_long", "repeated"]);
  });

  // Hangul syllables, Hangul letters, CJK ideographs and emoji: nothing a keyboard run or the list is made of.
  const farFromTheKeyboard = fc.oneof(
    fc.integer({ min: 0xac00, max: 0xd7a3 }),
    fc.integer({ min: 0x3131, max: 0x318e }),
    fc.integer({ min: 0x4e00, max: 0x9fff }),
    fc.integer({ min: 0x1f600, max: 0x1f64f }),
  );

  it("accepts any 8–128 characters far from the keyboard with 3 distinct characters and no short unit repeated", () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.array(farFromTheKeyboard, { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
            // Few distinct characters, near the lower bound of 3.
            fc
              .uniqueArray(farFromTheKeyboard, { minLength: 3, maxLength: 6 })
              .chain((alphabet) =>
                fc.array(fc.constantFrom(...alphabet), { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
              ),
          )
          .map((points) => String.fromCodePoint(...points))
          .filter((password) => new Set(password).size >= 3 && !/^(.{1,7})\1+$/su.test(password)),
        fc.array(fc.oneof(fc.emailAddress(), fc.stringMatching(/^010-\d{4}-\d{4}$/)), { maxLength: 3 }),
        (password, identifiers) => {
          expect(checkPassword(password, identifiers)).toEqual({ ok: true });
        },
      ),
    );
  });

  it("refuses anything shorter than 8 code points as too short", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: PASSWORD_MIN - 1 }), (password) => {
        const verdict = checkPassword(password);
        expect(verdict.ok).toBe(false);
        expect(reasonsOf(password)[0]).toBe("too_short");
      }),
    );
  });
});
