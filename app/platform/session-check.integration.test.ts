import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member, session } from "#app/db/schema";
import { SESSION_EXTENSION } from "#app/platform/auth/auth.server";
import { batchedSessionReader } from "#app/platform/realtime.server";
import type { Runtime } from "#app/platform/runtime.server";
import { sessionFromHeaders, sessionsById, type SessionState } from "#app/platform/viewer.server";
import { signUpMember, type SignedInMember } from "#tests/setup/route-actions";
import { createTestRuntime } from "#tests/setup/runtime";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await createTestRuntime();
});

/** The member's session as the auth library reads it from their cookie. */
async function throughLibrary(as: SignedInMember) {
  const found = await sessionFromHeaders(new Headers({ cookie: as.cookie }), runtime.auth);
  if (!found) throw new Error("the member has no session");
  return found;
}

const read = (ids: string[]) => sessionsById(runtime.db, ids, runtime.clock.now(), SESSION_EXTENSION);

describe("sessions read again by their ids", () => {
  it("give the viewer the auth library gives, for many sessions in one read", async () => {
    const riders = [await signUpMember(runtime), await signUpMember(runtime, { role: "admin" })];
    const expected = await Promise.all(riders.map(throughLibrary));
    const states = await read(expected.map((found) => found.sessionId));
    expect(expected.map((found) => states.get(found.sessionId))).toEqual(
      expected.map((found) => ({ viewer: found.viewer })),
    );
  });

  it("find nobody behind an unknown, expired, withdrawn or suspended session", async () => {
    const [expired, withdrawn, suspended] = await Promise.all(
      [1, 2, 3].map(async () => throughLibrary(await signUpMember(runtime))),
    );
    const now = runtime.clock.now();
    await runtime.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, expired!.sessionId));
    await runtime.db.update(member).set({ withdrawnAt: now }).where(eq(member.id, withdrawn!.viewer.id));
    await runtime.db
      .update(member)
      .set({
        suspendedFrom: new Date(now.getTime() - 60_000),
        suspendedUntil: new Date(now.getTime() + 60_000),
      })
      .where(eq(member.id, suspended!.viewer.id));
    const ids = ["no-such-session", expired!.sessionId, withdrawn!.sessionId, suspended!.sessionId];
    const states = await read(ids);
    expect(ids.map((id) => states.get(id))).toEqual(ids.map(() => ({ viewer: null })));
  });

  it("leave a session due for its daily extension to the library", async () => {
    const found = await throughLibrary(await signUpMember(runtime));
    const [row] = await runtime.db.select().from(session).where(eq(session.id, found.sessionId));
    const day = 24 * 60 * 60_000;
    const setExpiry = (expiresAt: Date) =>
      runtime.db.update(session).set({ expiresAt }).where(eq(session.id, found.sessionId));
    // Set less than a day ago: read here. Set a day ago or more: the library's to extend.
    await setExpiry(new Date(row!.expiresAt.getTime() - day + 60_000));
    expect((await read([found.sessionId])).get(found.sessionId)).toMatchObject({
      viewer: { id: found.viewer.id },
    });
    await setExpiry(new Date(row!.expiresAt.getTime() - day - 60_000));
    expect((await read([found.sessionId])).get(found.sessionId)).toEqual({ refresh: true });
  });
});

describe("the realtime server's batched session checks", () => {
  it("read the sessions asked for in one turn of the event loop together, once each", async () => {
    const calls: string[][] = [];
    const reader = batchedSessionReader(async (ids) => {
      calls.push(ids);
      return new Map<string, SessionState>(ids.map((id) => [id, { refresh: true }]));
    });
    const answers = await Promise.all(["a", "b", "a", "c"].map(reader));
    expect(calls).toEqual([["a", "b", "c"]]);
    expect(answers).toEqual(answers.map(() => ({ refresh: true })));
    // The next turn is a read of its own; an id the read does not answer has nobody behind it.
    const empty = batchedSessionReader(async (ids) => {
      calls.push(ids);
      return new Map<string, SessionState>();
    });
    expect(await empty("d")).toEqual({ viewer: null });
    expect(calls).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("fail every check of a read that failed", async () => {
    const reader = batchedSessionReader(() => Promise.reject(new Error("database gone")));
    const results = await Promise.allSettled([reader("a"), reader("b")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
