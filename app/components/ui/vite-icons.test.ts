import path from "node:path";
import { describe, expect, test } from "vitest";
import { lucideIcons } from "./vite-icons";

const root = path.resolve(import.meta.dirname, "../../..");
const plugin = lucideIcons(root);

function transform(code: string, file: string): string | undefined {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  return hook.call({}, code, path.join(root, file))?.code;
}

describe("icons written into the modules that draw them", () => {
  test("each icon import becomes the icon's drawing made a component, on the same line", () => {
    const code = [
      'import Bell from "lucide-react/icons/bell";',
      'import { useT } from "#app/i18n/react";',
      'import X from "lucide-react/icons/x";',
      "export const icons = [Bell, X];",
    ].join("\n");
    const lines = transform(code, "app/components/Example.tsx")!.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^import __createIcon from ".*\/app\/components\/ui\/icon\.ts"; const Bell = __createIcon\(\{ name: "bell",/,
    );
    expect(lines[1]).toBe(code.split("\n")[1]);
    expect(lines[2]).toMatch(/^const X = __createIcon\(\{ name: "x", size: 24, node: \[/);
    expect(lines[3]).toBe(code.split("\n")[3]);
    expect(lines.join("\n")).not.toContain("lucide-react");
  });

  test("an icon's old name draws its current one", () => {
    const out = transform(
      'import Alert from "lucide-react/icons/alert-circle";',
      "app/components/Example.tsx",
    )!;
    expect(out).toContain('const Alert = __createIcon({ name: "circle-exclamation-point",');
  });

  test("modules outside the app, and the app's modules without icons, are left as they are", () => {
    expect(
      transform('import Bell from "lucide-react/icons/bell";', "node_modules/lib/index.js"),
    ).toBeUndefined();
    expect(transform('import { useT } from "#app/i18n/react";', "app/routes/home.tsx")).toBeUndefined();
  });

  test("an icon the library does not have fails the build", () => {
    expect(() =>
      transform('import Nope from "lucide-react/icons/no-such-icon";', "app/components/Example.tsx"),
    ).toThrow();
  });
});
