import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translate } from "#app/i18n";
import { errorTable } from "./errors";

const services = import.meta.dirname;
const app = path.dirname(services);
const assembly = path.join(services, "errors.ts");
const errorModel = path.join(services, "error-model.ts");

/** The files that hold an area's refusals: `<area>/errors.ts`, or `<name>-errors.ts` beside the area's services. */
const leaves = fs
  .readdirSync(services, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "errors.ts" || file.endsWith("-errors.ts"))
  .map((file) => path.join(services, file))
  .filter((file) => file !== assembly)
  .sort();

/** Each module a file imports or re-exports, as a path without its extension (or a package's name). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*(["'])([^"'\n]+)\1/g)].map(([, , specifier = ""]) => {
    if (specifier.startsWith("#app/")) return path.join(app, specifier.slice("#app/".length));
    if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
    return specifier;
  });
}

const withoutExtension = (file: string) => file.replace(/\.tsx?$/, "");
const relative = (file: string) => path.relative(app, file);

describe("the error model's files", () => {
  it("finds the areas' leaves", () => {
    expect(leaves.map(relative)).toEqual(
      expect.arrayContaining(["services/board/errors.ts", "services/meetings/chat/errors.ts"]),
    );
  });

  it("keeps each area's table a leaf: it imports the error model and nothing else", () => {
    for (const leaf of leaves) {
      expect(importsOf(leaf), relative(leaf)).toEqual([withoutExtension(errorModel)]);
    }
  });

  it("has the error model import only the catalogue's types", () => {
    expect(importsOf(errorModel)).toEqual([path.join(app, "i18n")]);
    expect(fs.readFileSync(errorModel, "utf8")).toMatch(/^import type \{[^}]*\} from "#app\/i18n";$/m);
  });

  it("assembles the one table from every leaf, and from nothing else of the services", () => {
    const imported = importsOf(assembly).filter((target) => target !== path.join(app, "i18n"));
    expect(imported.sort()).toEqual([errorModel, ...leaves].map(withoutExtension).sort());
  });
});

describe("the one error table", () => {
  it("answers every code with an error status and a message in Korean and English", () => {
    for (const [area, answers] of Object.entries(errorTable)) {
      for (const [code, { status, messageKey }] of Object.entries(answers)) {
        expect(status, `${area}.${code}`).toBeGreaterThanOrEqual(400);
        expect(status, `${area}.${code}`).toBeLessThan(600);
        expect(translate("ko", messageKey), `${area}.${code}`).not.toBe("");
        expect(translate("en", messageKey), `${area}.${code}`).not.toBe("");
      }
    }
  });

  it("derives a message key from the area's prefix and the code, unless the code names its own", () => {
    expect(errorTable.board.not_found).toEqual({ status: 404, messageKey: "board.error.not_found" });
    expect(errorTable.market.listing_limit).toEqual({ status: 409, messageKey: "marketError.listing_limit" });
    expect(errorTable.alarm.alarm_not_found).toEqual({ status: 404, messageKey: "alarm.error.notFound" });
    expect(errorTable.catalogue.too_large).toEqual({
      status: 400,
      messageKey: "motorcycle.admin.error.too_large",
    });
  });
});
