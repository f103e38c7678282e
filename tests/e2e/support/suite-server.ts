import { spawn } from "node:child_process";
import { E2E_DATA_DIR, E2E_PORT } from "../../../playwright.config";
import { copyDataTemplate, prepareDataTemplate } from "./data-template";
import { freePort } from "./server-process";

/**
 * The suite's shared server, as Playwright's web server: the run's data template is made first (the servers of
 * their own copy it too), then the production server starts on a copy of it, with the environment Playwright gives.
 */
// On a port of its own: Playwright takes the first answer on the suite's port as the server being ready.
await prepareDataTemplate(E2E_PORT, await freePort());
copyDataTemplate(E2E_PORT, E2E_DATA_DIR);
const server = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], { stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
