import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { memberOrigin, type MemberOriginKind } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";

/**
 * Where members come from, as keyed hashes only (ADR 048): the network a member signed up from, and a random id per
 * browser (a cookie of its own, set at the first sign-in or sign-up) for every browser they signed in with. Whether
 * two members share one is all the product asks of them.
 */

/** The cookie naming a browser: a random id, not tied to any account (the device cookie of sign-in is per account). */
export const BROWSER_COOKIE = "motomate.browser";

/** IPv4 ranges that name no client on the internet: loopback, private, shared carrier space, link-local. */
const NOT_A_CLIENT_V4 = [
  [0x7f000000, 8],
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0x64400000, 10],
  [0xa9fe0000, 16],
  [0x00000000, 8],
] as const;

function ipv4Number(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

/** The eight 16-bit groups of an IPv6 address, or null for one with an IPv4 tail (answered as IPv4 by the caller). */
function ipv6Groups(address: string): number[] | null {
  if (address.includes(".")) return null;
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":").map((group) => parseInt(group, 16)));
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The network a client address stands for: an IPv4 address itself, an IPv6 address's /64 (a household's or a
 * phone's prefix, within which a device picks new addresses freely). Null for what names no client on the internet
 * (loopback, private and link-local ranges, carrier-shared space, "unknown"): a server behind a proxy it was not
 * told of sees only such addresses, and every member would seem to share one.
 */
export function clientNetwork(address: string): string | null {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (isIPv4(plain)) {
    const value = ipv4Number(plain);
    const local = NOT_A_CLIENT_V4.some(([base, bits]) => value >>> (32 - bits) === base >>> (32 - bits));
    return local ? null : plain;
  }
  if (!isIPv6(plain)) return null;
  const groups = ipv6Groups(plain);
  if (!groups) return null;
  const first = groups[0]!;
  const loopback = groups.slice(0, 7).every((group) => group === 0);
  // fc00::/7 unique-local, fe80::/10 link-local.
  if (loopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The keyed hash of an origin: without the server's secret it cannot be matched to an address or a cookie. */
export function originHash(secret: string, kind: MemberOriginKind, value: string): string {
  return createHmac("sha256", secret).update(`member-origin:${kind}:${value}`).digest("hex");
}

/** A fresh browser id for the browser cookie. */
export function newBrowserId(): string {
  return randomBytes(18).toString("base64url");
}

/** Notes an origin of a member (once; later sightings move `last_seen_at`). */
export async function recordMemberOrigin(
  db: Database,
  origin: { memberId: string; kind: MemberOriginKind; hash: string; at: Date },
): Promise<void> {
  await db
    .insert(memberOrigin)
    .values({
      memberId: origin.memberId,
      kind: origin.kind,
      hash: origin.hash,
      firstSeenAt: origin.at,
      lastSeenAt: origin.at,
    })
    .onConflictDoUpdate({
      target: [memberOrigin.memberId, memberOrigin.kind, memberOrigin.hash],
      set: { lastSeenAt: sql`greatest(${memberOrigin.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/** Which origin two members share, if any: a browser before the sign-up address. */
export async function sharedOrigin(
  source: DatabaseOrUnit,
  a: string,
  b: string,
): Promise<MemberOriginKind | null> {
  const other = alias(memberOrigin, "other_origin");
  const rows = await executor(source)
    .select({ kind: memberOrigin.kind })
    .from(memberOrigin)
    .innerJoin(
      other,
      and(eq(other.memberId, b), eq(other.kind, memberOrigin.kind), eq(other.hash, memberOrigin.hash)),
    )
    .where(eq(memberOrigin.memberId, a));
  const kinds = new Set(rows.map((row) => row.kind));
  return kinds.has("browser") ? "browser" : kinds.has("signUpAddress") ? "signUpAddress" : null;
}
