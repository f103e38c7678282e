import { inject } from "vitest";
import type { Probe } from "./probes";

/**
 * The fuzz's clients: they send the probes to the production server the run started (./global-server.ts) as a
 * browser's request context would: a browser's user agent and language, an address of their own, and the cookies
 * the answers set.
 */

/** Requests in flight at a time, per client. */
const IN_FLIGHT = 4;

/** A request that hangs fails its test; no answer time is judged. */
const REQUEST_TIMEOUT_MS = 60_000;

/** A person's browser: crawlers are answered bare error statuses without the error screen (app/entry.server.tsx). */
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** The production server of this run. */
export function fuzzBase() {
  return inject("fuzzBase");
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
 * A member made as a person would make one (the server's test seeding: consents, verified mobile, profile, welcome)
 * and signed in through the sign-in page on a client of their own, which holds the session cookie from then on.
 */
export async function signedInMember(base: string, address: string, nickname: string) {
  const seeded = await fetch(`${base}/test/seed/member`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ role: "member", nickname }),
  });
  if (seeded.status !== 201) throw new Error(`Seeding answered ${seeded.status}: ${await seeded.text()}`);
  const member = (await seeded.json()) as { id: string; email: string; password: string };
  const client = new FuzzClient(base, address);
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

/** Sends every probe, a few at a time, and answers the count by status and every 5xx. */
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
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)), failures };
}

export function report(role: string, probes: Probe[], result: Awaited<ReturnType<typeof fuzz>>) {
  console.log(`fuzz as ${role}: ${probes.length} requests, by status ${JSON.stringify(result.byStatus)}`);
}
