import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildDir } from "../server/boot";

// `npm start` serves the production build, building it first when there is none.
if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  console.log("No production build yet: building…");
  const result = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server");
