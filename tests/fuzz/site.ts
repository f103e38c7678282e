import net from "node:net";
import { stripVTControlCharacters } from "node:util";
import { OAuth2Server } from "oauth2-mock-server";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { seedDemoCommunity } from "#app/services/demo/demo-community.server";
import { seedDemoMarket } from "#app/services/demo/demo-market.server";
import { seedDemoMeetings } from "#app/services/demo/demo-meetings.server";
import { seedDemoMembers } from "#app/services/demo/demo-members.server";
import { seedDemoMotorcycles } from "#app/services/demo/demo-motorcycles.server";
import { seedDemoSkills } from "#app/services/demo/demo-skills.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { seedFaqEntries } from "#app/services/notice/faq.server";
import { seedMember } from "#app/services/testing/seed-members.server";
import { startPageServer } from "../setup/page-server";
import { startRouteRuntime } from "../setup/route-actions";
import type { Probe } from "./probes";

/**
 * The fuzz's site and clients: the whole page stack (the edge in front of the real route modules) on this file's own
 * database, configured as the production server the browser tests start (behind a trusted proxy, the outbox and
 * test seeding open, a local OpenID provider, the demo data of a fresh embedded database), and clients that send
 * the probes as a browser's request context would: a browser's user agent and language, an address of their own,
 * and the cookies the answers set.
 */

/** Requests in flight at a time, per client. */
const IN_FLIGHT = 4;

/** A request that hangs fails its test; no answer time is judged. */
const REQUEST_TIMEOUT_MS = 60_000;

/** A person's browser: crawlers are answered bare error statuses without the error screen (app/entry.server.tsx). */
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export interface FuzzSite {
  runtime: Runtime;
  base: string;
  close(): Promise<void>;
}

export async function startFuzzSite(): Promise<FuzzSite> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(undefined, "127.0.0.1");
  // PUBLIC_URL is the address the server listens on: the edge, React Router and Better Auth check Origin against it.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const runtime = await startRouteRuntime({
    env: {
      PUBLIC_URL: base,
      // Every client's X-Forwarded-For is its address, so that one client's rate limits are not another's.
      TRUSTED_PROXIES: "127.0.0.1",
      OUTBOX_PAGE: "true",
      OIDC_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: "motomate-fuzz",
      OIDC_CLIENT_SECRET: "fuzz-secret",
      OIDC_NAME: "Local OpenID",
    },
  });
  // What a fresh embedded database starts with (server/boot.ts; the runtime has seeded the reference data and the
  // board categories): the FAQ, the motorcycle catalogue, and demo posts, listings, reviews and meetings to read.
  await seedFaqEntries(runtime.db, runtime.clock, { welcomePoints: runtime.config.welcomePoints });
  await seedCatalogue(runtime.db, runtime.clock);
  await seedDemoMembers(runtime);
  await seedDemoCommunity(runtime);
  await seedDemoMarket(runtime);
  await seedDemoMotorcycles(runtime);
  await seedDemoSkills(runtime.db, runtime.clock);
  await seedDemoMeetings(runtime.db, runtime.clock);
  const pages = await startPageServer(runtime, { port });
  return {
    runtime,
    base,
    async close() {
      await pages.close();
      await oidc.stop();
    },
  };
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number;
}

/** The cookies a client holds for the one site, kept and sent by name and path as a browser does. */
class CookieJar {
  private cookies = new Map<string, StoredCookie>();

  store(requestPath: string, lines: string[]) {
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const equals = pair.indexOf("=");
      if (equals < 1) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, equals).trim(),
        value: pair.slice(equals + 1).trim(),
        // The default path: the request path up to its last slash.
        path: requestPath.slice(0, Math.max(1, requestPath.lastIndexOf("/"))),
        expires: Infinity,
      };
      for (const attribute of attributes) {
        const [key = "", ...rest] = attribute.split("=");
        const value = rest.join("=").trim();
        const name = key.trim().toLowerCase();
        if (name === "path" && value.startsWith("/")) cookie.path = value;
        if (name === "expires" && cookie.expires === Infinity) cookie.expires = Date.parse(value);
        if (name === "max-age") cookie.expires = Date.now() + Number(value) * 1000;
      }
      const key = `${cookie.name};${cookie.path}`;
      if (cookie.expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  header(requestPath: string): string {
    const now = Date.now();
    return [...this.cookies.values()]
      .filter(
        ({ path, expires }) =>
          expires > now &&
          (requestPath === path ||
            (requestPath.startsWith(path) && (path.endsWith("/") || requestPath[path.length] === "/"))),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
  }
}

export interface Answer {
  status: number;
  body: string;
}

/** A client of the site from an address of its own, with its own cookies; redirects are answers, not followed. */
export class FuzzClient {
  private jar = new CookieJar();

  constructor(
    private base: string,
    private address: string,
  ) {}

  async send(probe: Probe): Promise<Answer> {
    const headers = new Headers({
      Origin: this.base,
      "User-Agent": USER_AGENT,
      "Accept-Language": "ko-KR,ko;q=0.9",
      "X-Forwarded-For": this.address,
    });
    const pathname = probe.path.split("?")[0]!;
    const cookies = this.jar.header(pathname);
    if (cookies) headers.set("Cookie", cookies);
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (probe.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(probe.form).toString();
    } else if (probe.raw) {
      headers.set("Content-Type", probe.raw.type);
      body = typeof probe.raw.body === "string" ? probe.raw.body : Uint8Array.from(probe.raw.body);
    } else if (probe.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(probe.json);
    }
    try {
      const response = await fetch(`${this.base}${probe.path}`, {
        method: probe.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // The whole answer is read: a page that fails after its first bytes fails here.
      const text = await response.text();
      this.jar.store(pathname, response.headers.getSetCookie());
      return { status: response.status, body: text };
    } catch (error) {
      throw new Error(`${describeProbe(probe)}: ${String(error)}`, { cause: error });
    }
  }

  get(path: string) {
    return this.send({ method: "GET", path });
  }
}

function describeProbe(probe: Probe) {
  const shown = probe.form ?? probe.json ?? probe.raw?.type ?? "";
  return `${probe.method} ${probe.path.slice(0, 160)} ${JSON.stringify(shown).slice(0, 160)}`;
}

/**
 * A member made as a person would make one (test seeding: consents, verified mobile, profile, welcome) and signed in
 * through the sign-in page on a client of their own, which holds the session cookie from then on.
 */
export async function signedInMember(site: FuzzSite, address: string, nickname: string) {
  const member = await seedMember(
    site.runtime,
    { role: "member", nickname },
    new Headers({ [CLIENT_IP_HEADER]: address }),
  );
  const client = new FuzzClient(site.base, address);
  await client.get("/login");
  const signIn = await client.send({
    method: "POST",
    path: "/login",
    form: { intent: "password", identifier: member.email, password: member.password },
  });
  if (signIn.status !== 302 || (await client.get("/my")).status !== 200)
    throw new Error(`Signing in answered ${signIn.status}: ${signIn.body.slice(0, 500)}`);
  return { id: member.id, client };
}

/**
 * Better Auth's router writes the refusal of a body it cannot read on an open auth path (415 for the type, 400 for
 * broken JSON) to console.error itself, past the logger it is configured with; the client reads the 4xx. Anything
 * else written to console.error while the probes run fails the test.
 */
const libraryRefusal =
  /^\S+ ERROR \[Better Auth\]: (Content-Type "[^"]*" is not allowed\.|Content-Type is required\.|Invalid JSON in request body$)/;

/** Sends every probe, a few at a time, and answers the count by status and every 5xx (or unexpected error log). */
export async function fuzz(client: FuzzClient, probes: Probe[]) {
  const byStatus = new Map<number, number>();
  const failures: { probe: string; status: number; body: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const { status, body } = await client.send(probe);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status >= 500) failures.push({ probe: describeProbe(probe), status, body: body.slice(0, 300) });
    }
  };
  // The server runs in this process: what it writes to console.error is read here (see `libraryRefusal`).
  const spy = console.error;
  console.error = (...args: unknown[]) => {
    const line = stripVTControlCharacters(args.map(String).join(" "));
    if (!libraryRefusal.test(line))
      failures.push({ probe: "console.error", status: 0, body: line.slice(0, 300) });
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    console.error = spy;
  }
  return { byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)), failures };
}

export function report(role: string, probes: Probe[], result: Awaited<ReturnType<typeof fuzz>>) {
  console.log(`fuzz as ${role}: ${probes.length} requests, by status ${JSON.stringify(result.byStatus)}`);
}
