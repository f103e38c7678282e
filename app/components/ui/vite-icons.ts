import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const iconImport = /^import (\w+) from "lucide-react\/icons\/([a-z0-9-]+)";$/gm;
const iconComponent = fileURLToPath(new URL("./icon.ts", import.meta.url));

/**
 * The product's icons (ADR 045). A module that draws an icon imports it by its path,
 * `import Bell from "lucide-react/icons/bell"`; the build writes that line as Lucide's drawing of the bell made a
 * component by `./icon.ts`, in the module itself, on the server and in the browser alike (both render the same
 * SVG). So an icon ships in the chunk of the module that draws it: shared as one module, an icon drawn by several
 * pages would be a chunk of its own, one more request per icon on each of those pages, for a few hundred bytes.
 */
export function lucideIcons(root: string): Plugin {
  const require = createRequire(import.meta.url);
  const iconsDir = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm/icons");
  const appDir = path.join(root, "app");
  const drawings = new Map<string, string>();

  /** The icon's `{ name, node }` as a JavaScript literal; an old name leads to the icon's current one. */
  function drawing(icon: string): string {
    let known = drawings.get(icon);
    if (known) return known;
    const code = fs.readFileSync(path.join(iconsDir, `${icon}.mjs`), "utf8");
    const renamed = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs';/.exec(code)?.[1];
    if (renamed) return drawing(renamed);
    const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(code)?.[1];
    if (!literal) throw new Error(`lucide-react/icons/${icon}: no icon drawing found`);
    known = literal.replace(/\s*\n\s*/g, " ");
    drawings.set(icon, known);
    return known;
  }

  return {
    name: "motomate:lucide-icons",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (
        !file.startsWith(`${appDir}/`) ||
        !/\.[jt]sx?$/.test(file) ||
        !code.includes('"lucide-react/icons/')
      )
        return;
      let first = true;
      const written = code.replace(iconImport, (_line, local: string, icon: string) => {
        // One line for one line, so every other line keeps its number for the source map.
        const component = first ? `import __createIcon from ${JSON.stringify(iconComponent)}; ` : "";
        first = false;
        return `${component}const ${local} = __createIcon(${drawing(icon)});`;
      });
      return written === code ? undefined : { code: written, map: null };
    },
  };
}
