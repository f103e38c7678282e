import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { FixedClock } from "#app/platform/clock.server";
import { hit } from "#app/platform/rate-limit.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { png, phoneJpeg } from "#app/services/uploads/test-images";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp } from "../app";
import { POST_IMAGE_RATE } from "./uploads";
import { joiningConsents } from "#tests/setup/consents";

let base: string;
let server: http.Server;
let runtime: Runtime;
let clock: FixedClock;
let members = 0;

beforeAll(async () => {
  clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));
  runtime = await createTestRuntime({ clock });
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signedIn(): Promise<{ cookie: string; id: string }> {
  members += 1;
  const signedUp = await signUpWithEmail(
    runtime,
    { email: `uploader${members}@example.com`, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${members}` }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const session = await runtime.auth.api.getSession({ headers: new Headers({ cookie }) });
  return { cookie, id: session!.user.id };
}

function upload(
  cookie: string | undefined,
  files: Array<Blob | string>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const file of files) {
    if (typeof file === "string") form.append("file", file);
    else form.append("file", file, "photo.jpg");
  }
  return fetch(`${base}/api/uploads/post-image`, {
    method: "POST",
    body: form,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

const blob = (bytes: Buffer, type?: string) => new Blob([new Uint8Array(bytes)], { type });

async function errorOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("POST /api/uploads/post-image", () => {
  it("stores a member's photo re-encoded without metadata and answers its address and size", async () => {
    const { cookie } = await signedIn();
    const response = await upload(cookie, [blob(await phoneJpeg(), "image/jpeg")]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string; width: number; height: number };
    expect(body.url).toMatch(/^\/uploads\/post\/2026\/05\/[0-9a-f-]+\.webp$/);
    expect([body.width, body.height]).toEqual([100, 200]);
    const stored = await runtime.storage.get(body.url.replace(/^\/uploads\//, ""));
    const metadata = await sharp(stored!.body).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses visitors before reading the file", async () => {
    const response = await upload(undefined, [blob(await png(10, 10), "image/png")]);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({
      code: "login_required",
      message: "로그인한 회원만 이미지를 올릴 수 있습니다.",
    });
    const english = await upload(undefined, [blob(await png(10, 10))], { "Accept-Language": "en" });
    expect((await errorOf(english)).message).toBe("Only signed-in members can upload images.");
  });

  it("judges the file by its content and answers localised errors", async () => {
    const { cookie } = await signedIn();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
      type: "image/png",
    });
    const notImage = await upload(cookie, [svg]);
    expect(notImage.status).toBe(415);
    expect(await errorOf(notImage)).toEqual({
      code: "unsupported_type",
      message: "JPG, PNG, WebP, GIF 이미지만 올릴 수 있습니다.",
    });

    const mismatch = await upload(cookie, [blob(await png(10, 10), "image/jpeg")]);
    expect(mismatch.status).toBe(415);
    expect((await errorOf(mismatch)).code).toBe("type_mismatch");

    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    expect((await errorOf(await upload(cookie, [blob(tiff)]))).code).toBe("unsupported_type");

    const none = await upload(cookie, ["not a file"]);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).code).toBe("file_required");

    const two = await upload(cookie, [blob(await png(10, 10)), blob(await png(10, 10))]);
    expect((await errorOf(two)).code).toBe("too_many_files");

    const json = await fetch(`${base}/api/uploads/post-image`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    expect((await errorOf(json)).code).toBe("file_required");
  });

  it("refuses a body over the size limit before reading all of it", async () => {
    const { cookie } = await signedIn();
    const huge = blob(Buffer.alloc(11 * 1024 * 1024, 1), "image/jpeg");
    const response = await upload(cookie, [huge], { "Accept-Language": "en" });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toEqual({ code: "too_large", message: "Each image can be up to 10 MB." });
  });

  it("limits each member to 60 images in ten minutes", async () => {
    const first = await signedIn();
    const second = await signedIn();
    for (let n = 1; n < POST_IMAGE_RATE.limit; n++) {
      await hit(runtime.db, `upload:post-image:${first.id}`, POST_IMAGE_RATE, clock.now());
    }
    const image = async () => blob(await png(20, 20), "image/png");
    expect((await upload(first.cookie, [await image()])).status).toBe(201);
    const refused = await upload(first.cookie, [await image()]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe(
      "이미지를 너무 많이 올렸습니다. 잠시 후 다시 시도해 주세요.",
    );
    // Another member is not affected, and the first may upload again once the window has passed.
    expect((await upload(second.cookie, [await image()])).status).toBe(201);
    clock.advance(POST_IMAGE_RATE.windowMs);
    expect((await upload(first.cookie, [await image()])).status).toBe(201);
  });
});
