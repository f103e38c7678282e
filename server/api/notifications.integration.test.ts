import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { listAlarms } from "#app/services/notifications/inbox.server";
import { notify, notifyAll } from "#tests/setup/notifications";
import { startRealtimeTestServer } from "#tests/setup/realtime-server";
import { joiningConsents } from "#tests/setup/consents";

let runtime: Runtime;
let base: string;
let close: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ runtime, base, close } = await startRealtimeTestServer());
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await close();
});

let signUps = 0;
/** A member signed up through the auth service, with the session cookie a browser would carry. */
async function signedUpMember(label: string) {
  signUps += 1;
  const email = `${label}.${signUps}@example.com`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${signUps}` }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  await runtime.db.update(member).set({ onboarding: "welcomed" }).where(eq(member.id, row!.id));
  return { id: row!.id, cookie };
}

/** A connected socket that records every event it receives. */
async function openSocket(cookie?: string) {
  const socket = connect(base, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  // The server joins the member's rooms in the same step as it accepts the connection.
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, received, alarms: () => received.filter((item) => item.event.startsWith("alarm:")) };
}

describe("realtime unread count", () => {
  it("reaches the recipient's sockets only, with the new count", async () => {
    const author = await signedUpMember("author");
    const other = await signedUpMember("other");
    const authorTab = await openSocket(author.cookie);
    const authorSecondTab = await openSocket(author.cookie);
    const otherTab = await openSocket(other.cookie);
    const visitor = await openSocket();

    await notify(runtime.db, {
      recipientId: author.id,
      type: "comment",
      actorId: other.id,
      params: { title: "남해 투어" },
      link: "/board/free/1",
    });
    await expect
      .poll(() => authorTab.alarms())
      .toEqual([{ event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
    await expect.poll(() => authorSecondTab.alarms()).toHaveLength(1);
    expect(otherTab.alarms()).toEqual([]);

    // Marking read through the API publishes the lower count as well.
    const [item] = (await listAlarms(runtime.db, author.id, { language: "ko" })).items;
    const read = await fetch(`${base}/api/alarm/${item!.id}/read`, {
      method: "POST",
      headers: { cookie: author.cookie },
    });
    expect(await read.json()).toEqual({ count: 0, link: "/board/free/1" });
    await expect
      .poll(() => authorTab.alarms().at(-1))
      .toEqual({ event: "alarm:unread", payload: { count: 0 } });

    // A notification to all members asks every signed-in page (never a visitor's) to refresh its count.
    await notifyAll(runtime.db, { type: "announcement", params: { title: "점검 안내" } });
    await expect.poll(() => otherTab.alarms()).toEqual([{ event: "alarm:refresh", payload: {} }]);
    await expect.poll(() => authorTab.alarms().at(-1)).toEqual({ event: "alarm:refresh", payload: {} });
    expect(visitor.alarms()).toEqual([]);
  });
});

describe("alarm API", () => {
  it("answers visitors with a localised 401", async () => {
    const unread = await fetch(`${base}/api/alarm/unread`, { headers: { "Accept-Language": "en" } });
    expect(unread.status).toBe(401);
    expect(await unread.json()).toEqual({ error: { code: "login_required", message: "Login required." } });
    const readAll = await fetch(`${base}/api/alarm/read-all`, { method: "POST" });
    expect(readAll.status).toBe(401);
    expect(((await readAll.json()) as { error: { message: string } }).error.message).toBe(
      "로그인이 필요합니다.",
    );
    expect((await fetch(`${base}/api/alarm/1/read`, { method: "POST" })).status).toBe(401);
  });

  it("counts, marks one of one's own read, refuses others' and marks all read", async () => {
    const reader = await signedUpMember("reader");
    const stranger = await signedUpMember("stranger");
    for (const title of ["첫 공지", "둘째 공지"]) {
      await notify(runtime.db, { recipientId: reader.id, type: "announcement", params: { title } });
    }
    const unread = await fetch(`${base}/api/alarm/unread`, { headers: { cookie: reader.cookie } });
    expect(unread.headers.get("cache-control")).toBe("private, no-store");
    expect(await unread.json()).toEqual({ count: 2 });

    const [newest] = (await listAlarms(runtime.db, reader.id, { language: "ko" })).items;
    const foreign = await fetch(`${base}/api/alarm/${newest!.id}/read`, {
      method: "POST",
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      error: { code: "alarm_not_found", message: "알림을 찾을 수 없습니다." },
    });
    for (const bad of ["abc", "2147483648", "1e3", "1.5", "-1"]) {
      const malformed = await fetch(`${base}/api/alarm/${bad}/read`, {
        method: "POST",
        headers: { cookie: reader.cookie },
      });
      expect(malformed.status, bad).toBe(404);
    }

    const all = await fetch(`${base}/api/alarm/read-all`, {
      method: "POST",
      headers: { cookie: reader.cookie },
    });
    expect(await all.json()).toEqual({ count: 0 });
    const after = await fetch(`${base}/api/alarm/unread`, { headers: { cookie: reader.cookie } });
    expect(await after.json()).toEqual({ count: 0 });
  });
});
