import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import * as alertModule from "lucide-react/icons/circle-exclamation-point";
import * as bikeModule from "lucide-react/icons/bike";
import createIcon, { type IconData } from "./icon";

/** Lucide's icon component and the drawing it is made from (its module exports both; its types only the first). */
function lucide(module: typeof alertModule) {
  return [module.default, (module as unknown as { __iconData: IconData }).__iconData] as const;
}

/** The markup without its class attribute, and the class names. */
function parts(markup: string) {
  const classes = /class="([^"]*)"/.exec(markup)?.[1]?.split(" ") ?? [];
  return { rest: markup.replace(/ class="[^"]*"/, ""), classes };
}

describe("the product's icon component", () => {
  test.each([
    ["circle-exclamation-point", ...lucide(alertModule)],
    ["bike", ...lucide(bikeModule)],
  ] as const)("draws %s as Lucide's own component does", (name, Lucide, drawing) => {
    const Ours = createIcon(drawing);
    for (const props of [{ className: "size-4" }, { "aria-label": "경고" }, {}]) {
      const ours = parts(renderToStaticMarkup(createElement(Ours, props)));
      const theirs = parts(renderToStaticMarkup(createElement(Lucide, props)));
      expect(ours.rest).toBe(theirs.rest);
      // Lucide also names the icon's old names; the product's styles use none of them.
      expect(ours.classes).toEqual(theirs.classes.filter((name) => ours.classes.includes(name)));
      expect(ours.classes.slice(0, 2)).toEqual(["lucide", `lucide-${name}`]);
    }
  });

  test("is hidden from assistive technology unless it is labelled or given a role", () => {
    const Icon = createIcon({ name: "dot", node: [["circle", { cx: "12", cy: "12", r: "1" }]] });
    expect(renderToStaticMarkup(createElement(Icon))).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(createElement(Icon, { "aria-label": "점" }))).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(createElement(Icon, { role: "img" }))).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(createElement(Icon, { size: 16 }))).toContain('width="16" height="16"');
  });
});
