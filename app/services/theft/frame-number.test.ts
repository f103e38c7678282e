import { describe, expect, it } from "vitest";
import { createKeyring } from "#app/platform/crypto/personal-number.server";
import { DomainError } from "#app/services/errors";
import { frameNumberField, normalisedFrameNumber, readFrameNumber } from "./frame-number";
import { digestFrameNumber } from "./frame-number-digest.server";

describe("frame number formats", () => {
  it("reads 17-character VINs, typed in any case with spaces or hyphens", () => {
    for (const vin of ["1HGCM82633A004352", "KM4MJ5272A1600123", "JH2PC40A1YM000001", "ZDM1RB8S0HB012345"])
      expect(readFrameNumber(vin)).toEqual({ ok: true, format: "vin", normalised: vin });
    expect(readFrameNumber(" km4mj 5272-a16 00123 ")).toEqual({
      ok: true,
      format: "vin",
      normalised: "KM4MJ5272A1600123",
    });
  });

  it("refuses a 17-character number with I, O or Q, naming the letters", () => {
    for (const vin of ["JH2PC40I1YM000001", "JH2PC40A1YM00O001", "QM4MJ5272A1600123"])
      expect(readFrameNumber(vin)).toEqual({ ok: false, problem: "frame_number_letters" });
  });

  it("reads older frame numbers: a frame type, a hyphen and a serial", () => {
    expect(readFrameNumber("MC22-1001234")).toEqual({
      ok: true,
      format: "legacy",
      normalised: "MC221001234",
    });
    expect(readFrameNumber("4km - 012345")).toEqual({ ok: true, format: "legacy", normalised: "4KM012345" });
    expect(readFrameNumber("GJ74A-123456")).toMatchObject({ ok: true, format: "legacy" });
    // Full-width characters and a dash typed by a Korean keyboard are the same number.
    expect(readFrameNumber("ＭＣ２２－１００１２３４")).toEqual(readFrameNumber("MC22-1001234"));
    expect(readFrameNumber("MC22–1001234")).toEqual(readFrameNumber("MC22-1001234"));
  });

  it("refuses what is neither", () => {
    for (const typed of [
      "MC22 1001234",
      "MC221001234",
      "MC22-10A1234",
      "M-1001234",
      "AB-12345",
      "ABCDEF-1234567",
      "ABCDEFGHJ-1234",
      "1HGCM82633A00435",
      "1HGCM82633A0043521",
      "차대번호-123456",
      "12345",
    ])
      expect(readFrameNumber(typed)).toEqual({ ok: false, problem: "frame_number_invalid" });
  });

  it("normalises to upper case without spaces or hyphens", () => {
    expect(normalisedFrameNumber(" mc22 - 1001234 ")).toBe("MC221001234");
  });

  it("is optional in the form, with the rule's message when typed wrong", () => {
    expect(frameNumberField.safeParse(undefined)).toMatchObject({ success: true, data: "" });
    expect(frameNumberField.safeParse("  ")).toMatchObject({ success: true, data: "" });
    expect(frameNumberField.safeParse("JH2PC40I1YM000001").error?.issues[0]?.message).toBe(
      "theft.error.frame_number_letters",
    );
    expect(frameNumberField.safeParse("nope").error?.issues[0]?.message).toBe(
      "theft.error.frame_number_invalid",
    );
  });
});

describe("frame number digests", () => {
  const key = Buffer.alloc(32, 7);
  const keyring = createKeyring(key);

  it("is a keyed hash of the normalised number, never the number, with its last four characters", () => {
    const digest = digestFrameNumber(keyring, "km4mj5272a1600123");
    expect(digest.digest).not.toContain("KM4MJ5272A1600123");
    expect(digest.digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(digest.tail).toBe("0123");
    expect(digest.format).toBe("vin");
    expect(digestFrameNumber(keyring, "KM4MJ 5272A 1600123").digest).toBe(digest.digest);
    // Another key gives another hash: the database alone cannot be searched through the VINs.
    expect(digestFrameNumber(createKeyring(Buffer.alloc(32, 8)), "KM4MJ5272A1600123").digest).not.toBe(
      digest.digest,
    );
  });

  it("matches numbers stored under a retired key while that key stays readable", () => {
    const old = digestFrameNumber(keyring, "MC22-1001234");
    const rotated = createKeyring(Buffer.alloc(32, 9), [key]);
    const now = digestFrameNumber(rotated, "MC22-1001234");
    expect(now.digest).not.toBe(old.digest);
    expect(now.candidates).toContain(old.digest);
    expect(now.candidates[0]).toBe(now.digest);
  });

  it("refuses a number of neither format as a theft refusal", () => {
    expect(() => digestFrameNumber(keyring, "JH2PC40I1YM000001")).toThrow(DomainError);
  });
});
