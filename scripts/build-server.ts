/**
 * Part of `npm run build`, after the React Router build: compiles the Node server (server.ts, as build/main.js) and
 * the rich-text worker into plain JavaScript under build/, so that production runs `node` without a TypeScript
 * loader. Packages stay in node_modules; the project's own modules (`#app/*`) are bundled in. The entry,
 * build/server.js, registers the hook that resolves React Router to its production build before it loads the server
 * (ADR 073); both are plain JavaScript and copied as they are. The migrations are copied next to the bundle, where
 * the migrator looks for them (`./migrations` beside the module that holds it).
 */
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "build");

await build({
  absWorkingDir: root,
  entryPoints: { main: "server.ts", "rich-text.worker": "app/services/content/rich-text.worker.ts" },
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

fs.copyFileSync(path.join(root, "server", "production-server.js"), path.join(outdir, "server.js"));
fs.copyFileSync(
  path.join(root, "server", "react-router-production.js"),
  path.join(outdir, "react-router-production.js"),
);

const migrations = path.join(outdir, "migrations");
fs.rmSync(migrations, { recursive: true, force: true });
fs.cpSync(path.join(root, "app", "db", "migrations"), migrations, { recursive: true });
console.log(
  "Server compiled: build/server.js (the entry), build/main.js, build/rich-text.worker.js, build/migrations/",
);
