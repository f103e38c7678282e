import { describe, expect, it } from "vitest";
import { languages, translate, type MessageKey } from "#app/i18n";
import { isLedgerKind, ledgerAccountKinds, ledgerKinds } from "./kinds";

describe("posting kinds", () => {
  it("each have a label in Korean and in English, and so does the fallback for older kinds", () => {
    for (const language of languages) {
      const labels = [...ledgerKinds, "other"].map((kind) =>
        translate(language, `point.kind.${kind}` as MessageKey),
      );
      for (const label of labels) expect(label.trim(), language).not.toBe("");
      expect(new Set(labels).size, language).toBe(labels.length);
    }
  });

  it("tell a listed kind from one an older version stored", () => {
    for (const kind of ledgerKinds) expect(isLedgerKind(kind)).toBe(true);
    for (const kind of ["other", "legacy_bonus", "", "Gift"]) expect(isLedgerKind(kind)).toBe(false);
  });
});

describe("account kinds", () => {
  it("give each account a code of its own and keep points and won apart by kind", () => {
    const codes = Object.values(ledgerAccountKinds).map((kind) => kind.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ledgerAccountKinds.member_points.currency).toBe("P");
    expect(ledgerAccountKinds.member_pending_earnings.currency).toBe("KRW");
    expect(ledgerAccountKinds.member_withdrawable_earnings.currency).toBe("KRW");
    for (const kind of ["gateway_clearing", "platform_fees", "bank_fees"] as const)
      expect(ledgerAccountKinds[kind]).toMatchObject({ currency: "KRW", owner: "platform" });
  });
});
