import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { ECHO_MAX_CHARS } from "#app/shell/form.server";
import { formLimits } from "#app/shell/input.server";
import { startPageServer } from "#tests/setup/page-server";
import { signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";

// Page forms through the whole stack (edge, React Router, the actions): each form reads its body within its own
// limit as it arrives, and a refused form never sends back megabytes of what was sent.

let runtime: Runtime;
let site: Awaited<ReturnType<typeof startPageServer>>;
let rider: SignedInMember;
const sockets: Socket[] = [];

beforeAll(async () => {
  runtime = await startRouteRuntime();
  rider = await signUpMember(runtime);
  await runInTransaction(runtime.db, runtime.clock, (uow) => grantWelcomePoints(uow, rider.id, 1000));
  site = await startPageServer(runtime);
  site.server.on("connection", (socket: Socket) => sockets.push(socket));
}, 120_000);

afterAll(async () => {
  await site.close();
});

const MB = 1024 * 1024;

interface Answer {
  status: number;
  body: string;
  /** Bytes of the answer's body. */
  bytes: number;
}

/**
 * Posts a form whose field `field` is `size` bytes long, chunk by chunk as a slow client would: chunked (no length
 * declared) or with its Content-Length. Stops sending once the answer came or the server closed the connection.
 */
function post(
  path: string,
  fields: string,
  field: string,
  size: number,
  { chunked }: { chunked: boolean },
): Promise<Answer> {
  const head = Buffer.from(`${fields}&${field}=`);
  const filler = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    const request = http.request(`${site.base}${path}`, {
      method: "POST",
      headers: {
        cookie: `${rider.cookie}; i18n_redirected=${path.startsWith("/en") ? "en" : "ko"}`,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(chunked ? {} : { "Content-Length": head.length + size }),
      },
    });
    let stopped = false;
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        stopped = true;
        request.destroy();
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          body: body.toString("utf8"),
          bytes: body.length,
        });
      });
    });
    request.on("error", (error) => {
      // The server closing the connection under the rest of the body is expected once it answered.
      stopped = true;
      setTimeout(() => reject(error), 2_000).unref();
    });
    let sent = 0;
    const next = () => {
      if (stopped) return;
      if (sent >= size) return void request.end();
      const part = filler.subarray(0, Math.min(filler.length, size - sent));
      sent += part.length;
      request.write(part, () => setImmediate(next));
    };
    request.write(head, () => next());
  });
}

describe("page form limits", () => {
  it("cut a chunked form off at the form's limit and answer 413, reading no further", async () => {
    const before = sockets.length;
    const answer = await post("/point", "token=t1&amount=1000", "nickname", 60 * MB, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("입력한 내용이 이 양식에 비해 너무 깁니다.");
    expect(answer.bytes).toBeLessThan(64 * 1024);
    const [socket] = sockets.slice(before);
    await new Promise<void>((resolve) => (socket!.destroyed ? resolve() : socket!.once("close", resolve)));
    // What the server took off the connection: the form's limit and what was on its way, not 60 MB.
    expect(socket!.bytesRead).toBeLessThan(formLimits.text.bytes + 2 * MB);
  });

  it("answer a 20 MB gift nickname and a 20 MB offer message with a small localised page", async () => {
    const gift = await post("/en/point", "token=t2&amount=1000", "nickname", 20 * MB, { chunked: false });
    expect(gift.status).toBe(413);
    expect(gift.body).toContain("What you entered is too long for this form.");
    expect(gift.bytes).toBeLessThan(64 * 1024);

    const offer = await post("/market/gear/999999", "intent=offer&price=10000", "message", 20 * MB, {
      chunked: false,
    });
    expect(offer.status).toBe(413);
    expect(offer.body).toContain("입력한 내용이 이 양식에 비해 너무 깁니다.");
    expect(offer.bytes).toBeLessThan(64 * 1024);
  });

  it("answer 413 with the message at a form address that has no page of its own", async () => {
    // The spark control posts here with fetch: the refusal is the answer itself, not a page's error boundary.
    const answer = await post("/review/motorcycle/spark", "reviewId=1&amount=1", "note", 100 * 1024, {
      chunked: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("입력한 내용이 이 양식에 비해 너무 깁니다.");
  });

  it("give a refused form back what was typed up to the echo's bound, never all of it", async () => {
    // Within the form's limit, far over the field's: refused by the schema, kept only in part.
    const answer = await post("/en/point", "token=t3&amount=1000", "nickname", 40_000, { chunked: false });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("a".repeat(ECHO_MAX_CHARS));
    expect(answer.body).not.toContain("a".repeat(ECHO_MAX_CHARS + 1));
  });
});
