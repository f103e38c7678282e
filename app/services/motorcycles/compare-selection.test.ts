import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addToSelection, COMPARE_MAX, parseSelection, selectionParam } from "./compare-selection";

const root = path.resolve(import.meta.dirname, "../../..");

/** The value names a module imports from a specifier (type-only imports left out). */
function valuesImported(source: string, specifier: string): string[] {
  const pattern = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+"${specifier.replace(/[.#/]/g, "\\$&")}"`,
    "g",
  );
  return [...source.matchAll(pattern)]
    .filter((match) => !match[1])
    .flatMap((match) => match[2]!.split(","))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith("type "));
}

describe("the comparison's selection in the address", () => {
  it("parses, adds to and writes back a selection without the database", () => {
    expect(parseSelection("4,2,4")).toEqual({ ids: [4, 2], problem: null });
    expect(parseSelection("1,2,3,4")).toEqual({ ids: [1, 2, 3], problem: "tooMany" });
    expect(addToSelection([1, 2, 3], 9)).toEqual({ ids: [1, 2, 3], problem: "full" });
    expect(selectionParam([7, 8])).toBe("7,8");
    expect(COMPARE_MAX).toBe(3);
  });

  // A page's component is bundled for the browser, and the production build refuses a *.server module there: the
  // pages that write the selection into their links take these helpers from the module the browser may load.
  it.each([
    "app/routes/spec-compare/search.tsx",
    "app/routes/spec-compare/select.tsx",
    "app/routes/spec-compare/result.tsx",
    "app/routes/motorcycle/model.tsx",
  ])("%s takes the selection helpers from the browser-safe module", (file) => {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    const fromServer = valuesImported(source, "#app/services/motorcycles/compare.server");
    expect(fromServer).not.toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(parseSelection|addToSelection|selectionParam|COMPARE_MAX)$/),
      ]),
    );
    expect(valuesImported(source, "#app/services/motorcycles/compare-selection")).toContain("selectionParam");
  });
});
