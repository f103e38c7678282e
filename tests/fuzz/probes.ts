import type { RouteConfigEntry } from "@react-router/dev/routes";
import { openAuthPaths } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import routeTable from "#app/routes";
import { createApiRouter } from "../../server/api/index";

/**
 * The fuzz's requests: every route of the route table and every /api endpoint with junk — numbers out of range, NUL
 * and other control characters, overlong text, wrong types, broken cursors, malformed bodies. The route table and
 * the API's own router are read, so a new route is fuzzed without being listed here.
 */

/** Values for path parameters and query fields, already written as they would appear in an address. */
const junkInAddress = [
  "0",
  "-1",
  "1.5",
  "1e20",
  "2147483648",
  "99999999999999999999",
  "Infinity",
  "NaN",
  "0x10",
  "%20",
  "%00",
  "a%00b",
  "%25",
  "%ED%A0%80",
  "%E0%A4%A",
  "%0D%0Aset-cookie:x",
  "%3Cscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "__proto__",
  "constructor",
  "%5B%5D",
  "2020",
  "MjAyMA",
  "eyJhIjoxfQ",
  "x".repeat(3000),
  "%F0%9F%8F%8D",
];

/** Values for form fields and JSON strings, as typed. */
const junkText = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "0",
  "-1",
  "1.5",
  "1e20",
  "2147483648",
  "Infinity",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "\ud800",
  "\r\nX-Injected: 1",
  "<script>alert(1)</script>",
  "<p>".repeat(500),
  "가".repeat(20_000),
  "/%09/evil.example",
  "javascript:alert(1)",
];

/** The query fields pages read, plus a few they do not. */
const queryFields = [
  "page",
  "before",
  "cursor",
  "q",
  "tab",
  "edit",
  "redirectTo",
  "area",
  "method",
  "token",
  "kind",
  "category",
  "sort",
  "id",
  "notice",
  "error",
];

/** The form fields actions read. */
const formFields = [
  "id",
  "articleId",
  "commentId",
  "userId",
  "categoryId",
  "title",
  "content",
  "body",
  "q",
  "answer",
  "decision",
  "reason",
  "password",
  "currentPassword",
  "newPassword",
  "code",
  "email",
  "phoneNumber",
  "nickname",
  "provider",
  "kind",
  "type",
  "enabled",
  "token",
  "formToken",
  "isPrivate",
  "startsAt",
  "endsAt",
  "areaCode",
  "birthYear",
];

/** Intents the actions know, so that each one's own fields are reached. Signing out everywhere is left out. */
const intents = [
  "delete",
  "pin",
  "unpin",
  "blind",
  "unblind",
  "report",
  "change-password",
  "enable-2fa",
  "confirm-2fa",
  "disable-2fa",
  "link",
  "unlink",
  "save",
  "answer",
  "resolve",
  "dismiss",
  "participate",
  "read",
  "read-all",
  "remove",
  "claim",
  "send-code",
  "verify",
];

/** Every address pattern of the route table, Korean and English. */
function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.index || (entry.path !== undefined && !entry.children) ? [path || "/"] : [];
    return [...own, ...routePatterns(entry.children ?? [], path)];
  });
}

/** Every endpoint of the JSON API as Express serves it, read from the router itself. */
function apiEndpoints(): { method: string; path: string }[] {
  // Building the router only registers handlers; none of them runs here.
  const router = createApiRouter({} as Runtime) as unknown as {
    stack: { route?: { path: string; methods: Record<string, boolean> } }[];
  };
  const endpoints = router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: `/api${route.path}`,
        }))
      : [],
  );
  const auth = openAuthPaths.flatMap((path) =>
    ["GET", "POST"].map((method) => ({ method, path: `/api/auth${path}` })),
  );
  return [...endpoints, ...auth];
}

/** Rounds of junk per query and per form: every field gets a different junk value in each round. */
const QUERY_ROUNDS = 8;
const FORM_ROUNDS = 6;

/** `rounds` records of `fields`, each field taking the next junk value in every round, shifted by its position. */
function rotations(fields: string[], values: string[], rounds: number): Record<string, string>[] {
  return Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(
      fields.map((field, position) => [field, values[(round * 3 + position) % values.length]!]),
    ),
  );
}

/** A query string of values already written for an address. */
const queryString = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([field, value]) => `${field}=${value}`)
    .join("&");

const fill = (pattern: string, value: string) => pattern.replace(/:[A-Za-z]+\??/g, value).replace("*", value);

export interface Probe {
  method: string;
  path: string;
  form?: Record<string, string>;
  json?: unknown;
  raw?: { type: string; body: string | Buffer };
}

function pageProbes(patterns: string[], knownIds: string[]): Probe[] {
  const probes: Probe[] = [];
  const english = (path: string) => path.startsWith("/en/") || path === "/en";
  for (const pattern of patterns) {
    if (pattern === "/*" || pattern === "/en/*") continue;
    const parameterised = pattern.includes(":");
    // Parameters: each junk value in every parameter, and the known ids so that actions reach their services.
    const concrete = parameterised
      ? [...junkInAddress.map((value) => fill(pattern, value)), ...knownIds.map((id) => fill(pattern, id))]
      : [pattern];
    for (const path of concrete) probes.push({ method: "GET", path });
    // The language does not change how a page reads its input: the English copy gets the addresses only.
    if (english(pattern)) continue;
    const target = parameterised ? concrete.slice(-Math.max(1, knownIds.length)) : [pattern];
    for (const path of target) {
      for (const query of rotations(queryFields, junkInAddress, QUERY_ROUNDS)) {
        probes.push({ method: "GET", path: `${path}?${queryString(query)}` });
      }
      probes.push({ method: "GET", path: `${path}?page=1&page=2&before=1&before=x` });
      for (const form of rotations(["intent", ...formFields], junkText, FORM_ROUNDS)) {
        probes.push({ method: "POST", path, form });
      }
      rotations(formFields, junkText, intents.length).forEach((form, index) => {
        probes.push({ method: "POST", path, form: { intent: intents[index]!, ...form } });
      });
      probes.push(
        { method: "POST", path, raw: { type: "multipart/form-data", body: "--x\r\nbroken" } },
        { method: "POST", path, raw: { type: "multipart/form-data; boundary=zz", body: "--x\r\nbroken" } },
        {
          method: "POST",
          path,
          raw: {
            type: "multipart/form-data; boundary=zz",
            body: '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n',
          },
        },
        { method: "POST", path, raw: { type: "application/x-www-form-urlencoded", body: "intent=%ZZ&id=%" } },
        { method: "POST", path, raw: { type: "application/x-www-form-urlencoded", body: "" } },
        { method: "POST", path, raw: { type: "application/json", body: '{"intent":"delete"}' } },
        { method: "POST", path, raw: { type: "text/plain", body: "intent=delete" } },
        { method: "PUT", path },
        { method: "DELETE", path },
        { method: "PATCH", path },
      );
    }
  }
  return probes;
}

function apiProbes(knownIds: string[], skip: (path: string) => boolean = () => false): Probe[] {
  const probes: Probe[] = [];
  const bodies: unknown[] = [
    {},
    [],
    null,
    "text",
    42,
    { content: "\u0000", reason: "\u0000", parentId: "x" },
    { content: "a".repeat(50_000), reason: 5, parentId: 2147483648 },
    { content: ["x"], reason: { a: 1 }, parentId: -1 },
    { content: "댓글", parentId: 1e20 },
    { __proto__: { admin: true }, constructor: { prototype: {} } },
  ];
  for (const { method, path } of apiEndpoints().filter((endpoint) => !skip(endpoint.path))) {
    const parameterised = path.includes(":") || path.includes("*");
    const concrete = parameterised
      ? [...junkInAddress.map((value) => fill(path, value)), ...knownIds.map((id) => fill(path, id))]
      : [path];
    for (const address of concrete) probes.push({ method, path: address });
    const target = parameterised ? concrete.slice(-Math.max(1, knownIds.length)) : [path];
    for (const address of target) {
      const fields = [...queryFields, "tableName", "lat", "lng", "lang", "nickname"];
      for (const query of rotations(fields, junkInAddress, QUERY_ROUNDS)) {
        probes.push({ method, path: `${address}?${queryString(query)}` });
      }
      if (method === "GET") continue;
      for (const json of bodies) probes.push({ method, path: address, json });
      probes.push(
        { method, path: address, raw: { type: "application/json", body: '{"content": "x"' } },
        { method, path: address, raw: { type: "application/json; charset=latin-9", body: "{}" } },
        { method, path: address, raw: { type: "application/json", body: '"\\u0000"' } },
        { method, path: address, raw: { type: "multipart/form-data", body: "--x\r\nbroken" } },
        { method, path: address, raw: { type: "text/plain", body: "x" } },
      );
    }
  }
  return probes;
}

/** A visitor's requests: the ids in them are junk and 1. */
export function visitorProbes(): Probe[] {
  return [...pageProbes(routePatterns(routeTable), ["1"]), ...apiProbes(["1"])];
}

/** Signing out (a page and the library's path) is left out of a member's requests: the member stays one throughout. */
const signOut = (path: string) => /^(\/en)?\/logout$/.test(path) || path === "/api/auth/sign-out";

/**
 * A member's requests: a real post and the member's own id beside the junk, so that actions on real records read the
 * junk beside them.
 */
export function memberProbes(knownIds: { articleId: string; memberId: string }): Probe[] {
  const ids = [knownIds.articleId, knownIds.memberId];
  return [
    ...pageProbes(
      routePatterns(routeTable).filter((path) => !signOut(path)),
      ids,
    ),
    ...apiProbes(ids, signOut),
  ];
}

/** Every `parts`-th probe, starting at `part`. */
export function partOf(probes: Probe[], part: number, parts: number) {
  return probes.filter((_, index) => index % parts === part);
}
