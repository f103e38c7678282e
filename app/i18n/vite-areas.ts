import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { areasManifestFile, type AreasManifest } from "../shell/area-preloads.server";

/** The catalogues themselves and their loaders, which name keys without needing them loaded. */
const catalogueFile = /\/app\/i18n\/(?:areas\/|shell\.|ko\.ts$|en\.ts$|catalogues\.|catalogue\.test)/;

/**
 * The areas' refusal tables (`services/<area>/errors.ts`, and the model that makes them) name their message keys for the edge, which answers in
 * words on the server; a browser module that imports one for a code or `DomainError` needs none of its messages.
 */
const errorTableFile = /\/app\/services\/(?:[\w-]+\/)*(?:errors|[\w-]+-errors|error-model)\.ts$/;

const catalogueModule = /\/app\/i18n\/(?:areas\/(\w+)|(shell))\.(ko|en)\.ts$/;

/**
 * The client build's half of the per-area catalogues: every application module that names a key of an area
 * (`"market.`, `` `market.${…}` ``) starts by awaiting that area's messages in the page's language, so they are
 * loaded before the module can render, whichever route or lazy chunk brings it. Keys named only in server code
 * never reach a browser module; a key made up entirely at run time is refused by `translate` loudly, which the
 * browser tests catch as a page error.
 */
export function i18nAreas(root: string): Plugin {
  const appDir = path.join(root, "app");
  const areas = fs
    .readdirSync(path.join(appDir, "i18n/areas"))
    .flatMap((name) => /^(\w+)\.ko\.ts$/.exec(name)?.[1] ?? []);
  const mention = new RegExp(`["'\`](${areas.join("|")})\\.[A-Za-z_$]`, "g");
  const moduleAreas = new Map<string, string[]>();

  return {
    name: "motomate:i18n-areas",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (!file.startsWith(`${appDir}/`) || !/\.[jt]sx?$/.test(file)) return;
      if (catalogueFile.test(file) || errorTableFile.test(file)) return;
      const named = [...new Set(Array.from(code.matchAll(mention), (match) => match[1]!))].sort();
      if (named.length === 0) return;
      moduleAreas.set(file, named);
      // On the first line, so every other line keeps its number for the source map.
      const load = `import { loadAreas as __loadMessageAreas } from "#i18n/catalogues"; await __loadMessageAreas(${JSON.stringify(named)}); `;
      return { code: load + code, map: null };
    },
    writeBundle(options, bundle) {
      const manifest: AreasManifest = { chunks: {}, catalogues: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const named = new Set<string>();
        for (const id of output.moduleIds)
          for (const area of moduleAreas.get(id.split("?")[0]!) ?? []) named.add(area);
        if (named.size > 0) manifest.chunks[output.fileName] = [...named].sort();
        const catalogue = output.facadeModuleId ? catalogueModule.exec(output.facadeModuleId) : null;
        if (catalogue) {
          const [, area, shell, language] = catalogue;
          (manifest.catalogues[language!] ??= {})[area ?? shell!] = output.fileName;
        }
      }
      const outDir = options.dir ?? path.join(root, "build/client");
      fs.writeFileSync(path.join(outDir, "..", areasManifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
