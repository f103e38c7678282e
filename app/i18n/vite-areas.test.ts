import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { i18nAreas } from "./vite-areas";

const root = path.resolve(import.meta.dirname, "../..");
const plugin = i18nAreas(root);

function transform(code: string, file: string): string | undefined {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  return hook.call({}, code, path.join(root, file))?.code;
}

describe("catalogue areas in the client build", () => {
  test("a module that names an area's keys first awaits that area, once per area", () => {
    const code = [
      'import { useT } from "#app/i18n/react";',
      "export function Price() {",
      "  const t = useT();",
      '  return t("market.price.free") + t(`market.status.${status}`) + t("board.kind.free") + t("app.name");',
      "}",
    ].join("\n");
    const out = transform(code, "app/components/market/Price.tsx")!;
    const [first, ...rest] = out.split("\n");
    expect(first).toMatch(
      /^import \{ loadAreas as __loadMessageAreas \} from "#i18n\/catalogues"; await __loadMessageAreas\(\["board","market"\]\); import \{ useT \}/,
    );
    // Every other line keeps its number, so source maps still point at the right line.
    expect(rest).toEqual(code.split("\n").slice(1));
  });

  test("the shell's keys, paths that only look alike and the catalogues themselves load nothing", () => {
    expect(
      transform('t("app.name"); navigate("/market/total"); const file = "market";', "app/routes/home.tsx"),
    ).toBeUndefined();
    expect(
      transform('export const koMarket = { title: "market.title" };', "app/i18n/areas/market.ko.ts"),
    ).toBeUndefined();
    expect(transform('const x = "market.title";', "app/i18n/shell.ko.ts")).toBeUndefined();
    expect(transform('const x = "market.title";', "node_modules/some/lib.js")).toBeUndefined();
    // Refusal tables name their keys for the server's answers: a browser module importing one loads no area.
    const table =
      'export const marketErrors = areaErrors("marketError", { not_found: 404 }); const k = "board.error.x";';
    expect(transform(table, "app/services/market/errors.ts")).toBeUndefined();
    expect(transform(table, "app/services/meetings/chat/errors.ts")).toBeUndefined();
    expect(transform(table, "app/services/request-errors.ts")).toBeUndefined();
    expect(transform(table, "app/services/error-model.ts")).toBeUndefined();
    expect(transform('const k = "board.error.x";', "app/services/board/kinds.ts")).toBeDefined();
  });

  test("runs only in the client build: the server has every catalogue", () => {
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
  });

  test("every area module exports its messages alone, as the browser loader takes them", async () => {
    const dir = path.join(root, "app/i18n/areas");
    const files = fs.readdirSync(dir).filter((name) => /^\w+\.(ko|en)\.ts$/.test(name));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const exported = Object.values((await import(path.join(dir, file))) as Record<string, unknown>);
      expect(exported, file).toHaveLength(1);
      expect(typeof exported[0], file).toBe("object");
    }
  });
});
