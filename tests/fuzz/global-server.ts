import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The address of the production server the fuzz sends its requests to. */
    fuzzBase: string;
  }
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * The fuzz's site: the production build (build/server.js, made by `npm run build`) started once for the run on an
 * empty data directory, configured as the browser tests' server is (behind a trusted local proxy, the outbox and
 * test seeding open, a local OpenID provider), so that it migrates and seeds what a fresh server has.
 */
export default async function setup(project: TestProject) {
  const entry = path.resolve("build/server.js");
  if (!fs.existsSync(entry))
    throw new Error("The fuzz runs against the production server: run `npm run build` first (npm test does)");
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(undefined, "127.0.0.1");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-fuzz-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["--enable-source-maps", entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // The address the clients use: the edge, React Router and Better Auth check Origin against it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      OUTBOX_PAGE: "true",
      // Every client's X-Forwarded-For is its address, so that one client's rate limits are not another's.
      TRUSTED_PROXIES: "127.0.0.1",
      OIDC_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: "motomate-fuzz",
      OIDC_CLIENT_SECRET: "fuzz-secret",
      OIDC_NAME: "Local OpenID",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  server.stderr!.on("data", (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const healthy = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`The production server did not start:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide("fuzzBase", base);
  return async () => {
    server.kill("SIGTERM");
    await exited;
    await oidc.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
