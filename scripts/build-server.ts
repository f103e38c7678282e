/**
 * Part of `npm run build`, after the React Router build: compiles the Node server (server.ts) and the rich-text
 * worker into plain JavaScript under build/, so that production runs `node` without a TypeScript loader. Packages
 * stay in node_modules; the project's own modules (`#app/*`) are bundled in. The migrations are copied next to the
 * bundle, where the migrator looks for them (`./migrations` beside the module that holds it).
 */
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "build");

await build({
  absWorkingDir: root,
  entryPoints: { server: "server.ts", "rich-text.worker": "app/services/content/rich-text.worker.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "#app": "./app" },
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
});

const migrations = path.join(outdir, "migrations");
fs.rmSync(migrations, { recursive: true, force: true });
fs.cpSync(path.join(root, "app", "db", "migrations"), migrations, { recursive: true });
console.log("Server compiled: build/server.js, build/rich-text.worker.js, build/migrations/");
