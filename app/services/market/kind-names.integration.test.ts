import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { translate } from "#app/i18n";
import { systemClock } from "#app/platform/clock.server";
import { listMenu } from "#app/services/reference/menu.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import { createTestDatabase } from "#tests/setup/database";
import { marketKinds } from "./kinds";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedReferenceData(db, systemClock);
});

describe("the market's kinds", () => {
  it("have one name each: the header menu says what the market's tabs, forms and badges say", async () => {
    const menu = await listMenu(db);
    const market = menu.find((category) => category.group === "market")!;
    expect(market.label).toEqual({
      ko: translate("ko", "market.title"),
      en: translate("en", "market.title"),
    });
    const listKinds = ["total", ...marketKinds] as const;
    expect(market.items.map((item) => item.path)).toEqual(listKinds.map((kind) => `/market/${kind}`));
    for (const kind of listKinds) {
      const item = market.items.find((entry) => entry.path === `/market/${kind}`)!;
      expect(item.label, kind).toEqual({
        ko: translate("ko", `market.kind.${kind}`),
        en: translate("en", `market.kind.${kind}`),
      });
    }
    expect(translate("ko", "market.kind.buy")).toBe("구해요");
  });
});
