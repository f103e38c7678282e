// `npm start`: serves the compiled production build, building it first when there is none. Plain JavaScript, so
// that production runs on `node` alone.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.join(import.meta.dirname, "..", "build");
const server = path.join(buildDir, "server.js");

if (![server, path.join(buildDir, "server", "index.js")].every((file) => fs.existsSync(file))) {
  console.log("No production build yet: building…");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(server).href);
