import { describe, expect, it } from "vitest";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import {
  countOrNull,
  formLimits,
  idOrNull,
  missingPage,
  notFound,
  pageOf,
  readForm,
  uploadFormLimit,
} from "./input.server";

describe("address and form numbers, parsed by schema", () => {
  it("reads an id only from plain digits within a PostgreSQL integer", () => {
    expect(idOrNull("42")).toBe(42);
    expect(idOrNull("2147483647")).toBe(2147483647);
    for (const text of ["", "0", "-1", "+1", "1e3", "1.5", "0x10", " 7", "2147483648", null, undefined]) {
      expect(idOrNull(text), String(text)).toBeNull();
    }
  });

  it("reads a count from digits, zero included, and refuses anything else", () => {
    expect(countOrNull("0")).toBe(0);
    expect(countOrNull(" 12 ")).toBe(12);
    for (const text of ["", "-3", "1.0", "3개", "1e2", "1234567890", null]) {
      expect(countOrNull(text), String(text)).toBeNull();
    }
  });

  it("answers the page an address asks for, and the first page for anything that is not one", () => {
    const page = (query: string) => pageOf(new URL(`http://localhost/announce/notice${query}`));
    expect(page("?page=3")).toBe(3);
    for (const query of [
      "",
      "?page=",
      "?page=0",
      "?page=-2",
      "?page=2.5",
      "?page=abc",
      "?page=1e3",
      "?page=100000",
    ]) {
      expect(page(query), query).toBe(1);
    }
  });
});

/** A body sent chunk by chunk (no length declared), made only as it is read; counts what was read. */
function chunkedBody(total: number, chunk = 16 * 1024) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const part = new Uint8Array(Math.min(chunk, total - pulled)).fill(0x61);
        pulled += part.length;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function formRequest(path: string, body: BodyInit, type = "application/x-www-form-urlencoded") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": type },
    body,
    duplex: "half",
  } as RequestInit);
}

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  return thrown as { data: string; init: { status: number } } | undefined;
}

describe("page form bodies", () => {
  it("refuse a chunked body as soon as it passes the form's limit, reading no further", async () => {
    const body = chunkedBody(60 * 1024 * 1024);
    const refused = await refusal(readForm(formRequest("/point", body.stream)));
    expect(refused?.init.status).toBe(413);
    expect(refused?.data).toBe("입력한 내용이 이 양식에 비해 너무 깁니다. 줄여서 다시 보내 주세요.");
    expect(body.pulled()).toBeLessThanOrEqual(formLimits.text.bytes + 2 * 16 * 1024);
  });

  it("answer in the page's language, and name the files for a form that carries them", async () => {
    const english = await refusal(readForm(formRequest("/en/point", chunkedBody(100_000).stream)));
    expect(english?.data).toBe(
      "What you entered is too long for this form. Please shorten it and try again.",
    );
    const limit = uploadFormLimit(1, 50_000);
    const photos = await refusal(readForm(formRequest("/en/my/garage", chunkedBody(200_000).stream), limit));
    expect(photos?.init.status).toBe(413);
    expect(photos?.data).toBe("What you sent is too large. Please make the files smaller and try again.");
  });

  it("read a form within its limit, whatever the encoding, without NUL characters", async () => {
    const text = await readForm(formRequest("/point", "nickname=%EB%9D%BC%EC%9D%B4%EB%8D%94%00&amount=1000"));
    expect([...text]).toEqual([
      ["nickname", "라이더"],
      ["amount", "1000"],
    ]);
    const multipart = new FormData();
    multipart.append("message", "안녕하세요");
    const sent = new Request("http://localhost/market/gear/1", { method: "POST", body: multipart });
    expect((await readForm(sent)).get("message")).toBe("안녕하세요");
    const richText = `content=${"a".repeat(200_000)}`;
    expect(
      (await readForm(formRequest("/board/write", richText), formLimits.richText)).get("content"),
    ).toHaveLength(200_000);
    expect((await refusal(readForm(formRequest("/board/write", richText))))?.init.status).toBe(413);
  });
});

describe("answers of a missing subject", () => {
  function thrownBy(run: () => unknown): DataWithResponseInit<unknown> {
    try {
      run();
    } catch (thrown) {
      return thrown as DataWithResponseInit<unknown>;
    }
    throw new Error("nothing was thrown");
  }

  it("throws the plain 404, or one with the page's own words as its body and status text", () => {
    const plain = thrownBy(() => notFound());
    expect([plain.type, plain.data, plain.init?.status]).toEqual(["DataWithResponseInit", "Not Found", 404]);
    const worded = thrownBy(() => notFound("글을 찾을 수 없습니다"));
    expect([worded.data, worded.init?.status, worded.init?.statusText]).toEqual([
      "글을 찾을 수 없습니다",
      404,
      "글을 찾을 수 없습니다",
    ]);
  });

  it("answers a page of its own for a missing subject with its data and 404", () => {
    const answer = missingPage({ state: "missing", pageTitle: "없는 글" });
    expect([answer.data, answer.init?.status]).toEqual([{ state: "missing", pageTitle: "없는 글" }, 404]);
  });
});
