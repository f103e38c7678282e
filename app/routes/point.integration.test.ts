import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntry, ledgerTransaction } from "#app/db/schema";
import { languages, translate } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { ensureMemberPointsAccount, ensurePromotionsAccount } from "#app/services/ledger/accounts.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { callLoader, signUpMember, startRouteRuntime } from "#tests/setup/route-actions";
import * as pointPage from "./point";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startRouteRuntime();
});

interface PointRow {
  id: number;
  label: string;
  amount: string;
}

describe("/point", () => {
  it("labels every row, a kind stored by an older version with the general label", async () => {
    const owner = await signUpMember(runtime);
    await runInTransaction(runtime.db, runtime.clock, (uow) => grantWelcomePoints(uow, owner.id, 500));
    // A row of a kind the application no longer lists, as an older version could have stored it.
    const account = await runInTransaction(runtime.db, runtime.clock, (uow) =>
      ensureMemberPointsAccount(uow, owner.id),
    );
    const [old] = await runtime.db
      .insert(ledgerTransaction)
      .values({
        idempotencyKey: `legacy:${owner.id}`,
        kind: "legacy_bonus",
        createdAt: new Date("2025-01-02T03:04:05Z"),
        actorKind: "system",
      })
      .returning({ id: ledgerTransaction.id });
    const promotions = await runInTransaction(runtime.db, runtime.clock, (uow) =>
      ensurePromotionsAccount(uow),
    );
    await runtime.db.insert(ledgerEntry).values([
      { transactionId: old!.id, accountId: account.id, amount: 20, currency: "P" },
      { transactionId: old!.id, accountId: promotions.id, amount: -20, currency: "P" },
    ]);

    const answer = await callLoader(pointPage.loader, { path: "/point", as: owner });
    expect(answer.outcome).toBe("done");
    const rows = (answer.data as { rows: PointRow[] }).rows;
    expect(rows.map(({ label, amount }) => ({ label, amount }))).toEqual([
      { label: "point.kind.other", amount: "+20" },
      { label: "point.kind.welcome_grant", amount: "+500" },
    ]);
    for (const language of languages)
      for (const row of rows) expect(translate(language, row.label as never)).not.toBe("");
    expect(translate("ko", "point.kind.other")).toBe("기타");
    expect(translate("en", "point.kind.other")).toBe("Other");
  });
});
