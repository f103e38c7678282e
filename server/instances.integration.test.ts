import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { createClient as createRedisClient } from "redis";
import sharp from "sharp";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { job, member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { enqueueJob } from "#app/platform/jobs.server";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { CHAT_MESSAGE_EVENT, CHAT_SEND_EVENT, meetingRoom } from "#app/services/meetings/chat/chat.schema";
import { createMeeting } from "#app/services/meetings/meeting/meetings.server";
import { JOIN_ROOM_EVENT, TYPING_EVENT } from "#app/platform/realtime.server";
import { eventStartJob } from "#app/services/notice/events.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { joiningConsents } from "#tests/setup/consents";
import { createTestPostgresDatabase, testsOnPostgres } from "#tests/setup/database";
import { createTestRuntime } from "#tests/setup/runtime";
import { startFakeS3 } from "#tests/setup/s3-server";

// Two server processes on one PostgreSQL and one bucket, as several instances behind a load balancer run: what one
// writes, the other's clients hear and serve, and each job runs once. The processes share nothing but the database
// and the bucket (each has its own DATA_DIR), and Redis when TEST_REDIS_URL names one (CI does): their rooms then
// span both through Redis, and through PostgreSQL otherwise. They start in development mode, which needs no build.

const redisUrl = process.env.TEST_REDIS_URL || "";
/** This run's Redis keys: another run on the same Redis never hears these servers. */
const redisKeyPrefix = `motomate-test-${process.pid}-${Date.now().toString(36)}`;

const PORTS = [3352, 3353] as const;
const S3 = {
  accessKeyId: "AKIDMOTOMATEINSTANCES",
  secret: "instances/secret+key/0123456789abcdefghijk",
  region: "ap-northeast-2",
  bucket: "motomate-instances",
};
const STARTUP_MS = 90_000;

interface Instance {
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `motomate-instance-${port}-`));
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts", "--dev"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JOB_POLL_INTERVAL_MS: "100",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function ready(instance: Instance) {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    const answered = await fetch(`${instance.base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.base} did not start:\n${instance.output()}`);
}

// vitest.config.ts collects this file only on PostgreSQL; collected anyway, it says why it cannot run.
if (!testsOnPostgres())
  throw new Error("two processes cannot share one PGlite database: set TEST_DATABASE_URL");

let database: DatabaseHandle;
let runtime: Runtime;
let fakeS3: Awaited<ReturnType<typeof startFakeS3>> | undefined;
const instances: Instance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  let url: string;
  ({ handle: database, url } = await createTestPostgresDatabase());
  const secrets = {
    SESSION_SECRET: "instances-session-secret-0123456789-abcdef",
    ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
  };
  runtime = await createTestRuntime({ database, env: secrets });
  fakeS3 = await startFakeS3(S3);
  const env = {
    ...secrets,
    DATABASE_URL: url,
    S3_ENDPOINT: fakeS3.endpoint,
    S3_BUCKET: S3.bucket,
    S3_REGION: S3.region,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3.secret,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisKeyPrefix } : {}),
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of PORTS) {
    const instance = startInstance(port, env);
    instances.push(instance);
    await ready(instance);
  }
}, STARTUP_MS * 2);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await fakeS3?.close();
  if (redisUrl) {
    const redis = await createRedisClient({ url: redisUrl }).connect();
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  }
}, 30_000);

let signUps = 0;
/** A member signed up through the auth service on the shared database, with the cookie a browser would carry. */
async function signedUpMember(label: string) {
  signUps += 1;
  const email = `${label}.${signUps}@example.com`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${100 + signUps}` }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  await runtime.db.update(member).set({ onboarding: "welcomed" }).where(eq(member.id, row!.id));
  return { id: row!.id, cookie };
}

/** A member's connection to one instance that records what it hears. */
async function listen(instance: Instance, cookie: string) {
  const { received } = await connectTo(instance, cookie);
  return received;
}

async function connectTo(instance: Instance, cookie: string) {
  const socket = connect(instance.base, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: { cookie },
  });
  sockets.push(socket);
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, received };
}

describe("two server processes on one PostgreSQL", () => {
  it("carry a meeting's chat between its two sides connected to different processes", async () => {
    const [a, b] = instances as [Instance, Instance];
    // Each says which way its rooms reach the other: Redis when it is named, PostgreSQL otherwise.
    for (const instance of instances)
      expect(instance.output()).toMatch(
        new RegExp(`"adapter":"${redisUrl ? "redis" : "postgres"}".*realtime ready`),
      );
    const requester = await signedUpMember("requester");
    const provider = await signedUpMember("provider");
    const opened = await runInTransaction(runtime.db, runtime.clock, (uow) =>
      createMeeting(uow, {
        kind: "repair",
        requesterId: requester.id,
        providerId: provider.id,
        skillId: null,
        request: {},
        wishAt: null,
        memo: "",
        requestAreaName: null,
        requestLatitude: null,
        requestLongitude: null,
      }),
    );
    const room = meetingRoom(opened.code);
    const onA = await connectTo(a, requester.cookie);
    const onB = await connectTo(b, provider.cookie);
    for (const side of [onA, onB])
      expect(await side.socket.timeout(10_000).emitWithAck(JOIN_ROOM_EVENT, room)).toEqual({ ok: true });

    const answer = (await onA.socket.timeout(10_000).emitWithAck(CHAT_SEND_EVENT, {
      code: opened.code,
      clientId: "instances-chat-0001",
      text: "다른 서버에서 보냅니다",
      language: "ko",
    })) as { ok?: true; message?: { id: number } };
    expect(answer.ok).toBe(true);
    await expect
      .poll(() => onB.received.filter((item) => item.event === CHAT_MESSAGE_EVENT), { timeout: 10_000 })
      .toEqual([
        {
          event: CHAT_MESSAGE_EVENT,
          payload: expect.objectContaining({
            room,
            message: expect.objectContaining({ id: answer.message!.id, body: "다른 서버에서 보냅니다" }),
          }),
        },
      ]);
    // Typing crosses too, and only to the other side.
    onB.socket.emit(TYPING_EVENT, room);
    await expect
      .poll(() => onA.received.filter((item) => item.event === TYPING_EVENT), { timeout: 10_000 })
      .toEqual([{ event: TYPING_EVENT, payload: { room, memberId: provider.id } }]);
    expect(onB.received.filter((item) => item.event === TYPING_EVENT)).toEqual([]);

    if (redisUrl) {
      // The texts went through this run's stream.
      const redis = await createRedisClient({ url: redisUrl }).connect();
      try {
        expect(await redis.xLen(`${redisKeyPrefix}:realtime`)).toBeGreaterThan(0);
      } finally {
        await redis.close();
      }
    }
  });

  it(
    "deliver a notification written through one to the member connected to the other",
    { tags: ["concurrency"] },
    async () => {
      const [a, b] = instances as [Instance, Instance];
      const author = await signedUpMember("author");
      const commenter = await signedUpMember("commenter");
      const [category] = await listCategories(runtime.db, "free");
      const { id: articleId } = await createArticle(
        runtime.db,
        runtime.clock,
        actorOf({ id: author.id, role: "member", twoFactorEnabled: false }),
        {
          kind: "free",
          categoryId: category!.id,
          title: "두 서버 사이의 알림",
          contentHtml: "<p>어느 서버로 와도 들립니다</p>",
          isPrivate: false,
        },
      );
      const onB = await listen(b, author.cookie);
      const commenterOnB = await listen(b, commenter.cookie);

      const comment = await fetch(`${a.base}/api/board/articles/${articleId}/comments`, {
        method: "POST",
        headers: { cookie: commenter.cookie, "content-type": "application/json" },
        body: JSON.stringify({ content: "멋진 길이네요" }),
      });
      expect(comment.status).toBe(201);
      await expect
        .poll(() => onB.filter((item) => item.event === "alarm:unread"), { timeout: 10_000 })
        .toEqual([{ event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
      expect(commenterOnB.filter((item) => item.event.startsWith("alarm:"))).toEqual([]);
    },
  );

  it("run each job once across both", { tags: ["concurrency"] }, async () => {
    const keys = Array.from({ length: 20 }, (_, index) => `${eventStartJob.kind}:instances-${index}`);
    await runInTransaction(runtime.db, runtime.clock, async (uow) => {
      for (const key of keys) await enqueueJob(uow, eventStartJob, {}, { runAt: uow.now, key });
    });
    const finished = () =>
      runtime.db
        .select({ status: job.status, attempts: job.attempts })
        .from(job)
        .where(inArray(job.dedupeKey, keys));
    await expect
      .poll(async () => (await finished()).filter((row) => row.status === "done").length, { timeout: 20_000 })
      .toBe(keys.length);
    // A job claimed twice would have counted two attempts.
    expect((await finished()).map((row) => row.attempts)).toEqual(keys.map(() => 1));
  });

  it("serve a file uploaded through one from the other, out of the shared bucket", async () => {
    const [a, b] = instances as [Instance, Instance];
    const uploader = await signedUpMember("uploader");
    const png = await sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "ride.png");
    const uploaded = await fetch(`${a.base}/api/uploads/post-image`, {
      method: "POST",
      headers: { cookie: uploader.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/post\/.+\.webp$/);
    const stored = fakeS3!.state.objects.get(url.slice("/uploads/".length));
    expect(stored?.contentType).toBe("image/webp");

    const served = await fetch(`${b.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored!.body)).toBe(true);
  });
});
