import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type sanitizeHtml from "sanitize-html";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { boardArticle, member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { listCategories } from "#app/services/board/articles.server";
import { RICH_TEXT_MAX_BYTES } from "#app/services/content/limits";
import { createTestRuntime } from "#tests/setup/runtime";
import { submitWriteForm } from "./write-form.server";

// Counts sanitising passes: every pass is one call of sanitize-html.
const passes = vi.hoisted(() => ({ count: 0 }));
vi.mock("sanitize-html", async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sanitizeHtml }>()).default;
  const counted = (...args: Parameters<typeof sanitizeHtml>) => {
    passes.count += 1;
    return actual(...args);
  };
  return { default: Object.assign(counted, actual) };
});

let runtime: Runtime;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  runtime = await createTestRuntime();
  setRuntime(runtime);
  const email = "writer@example.com";
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" }),
  );
  cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  await runtime.db
    .update(member)
    .set({ nickname: "글쓴이", onboarding: "welcomed" })
    .where(eq(member.email, email));
  categoryId = String((await listCategories(runtime.db, "free"))[0]!.id);
});
afterAll(() => setRuntime(undefined));
beforeEach(() => {
  passes.count = 0;
});

/** Sends the board write form as the signed-in member, the way the page's action receives it. */
function write(fields: Record<string, string>) {
  const body = new URLSearchParams({ kind: "free", categoryId, token: randomUUID(), ...fields });
  return submitWriteForm(
    new Request("http://localhost:3999/board/write", {
      method: "POST",
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    }),
    "board",
  );
}

type Refusal = {
  data: {
    error?: { code: string };
    lastResult?: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    values: Record<string, string>;
  };
  init: { status: number };
};

describe("the board write action", () => {
  it("sanitises a post once and stores it", async () => {
    const result = await write({ title: "남해 일주", content: '<p onclick="x()">바람이 좋았습니다</p>' });
    expect(result).toBeInstanceOf(Response);
    const id = Number((result as Response).headers.get("Location")!.split("/").pop());
    const [row] = await runtime.db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(row!.contentHtml).toBe("<p>바람이 좋았습니다</p>");
    expect(passes.count).toBe(1);
  });

  it("gives a refused body back as its one sanitising pass kept it, without a second pass", async () => {
    const typed = '<p onmouseover="x()">남해 <b>일주</b><img src=x onerror="x()"></p>';
    const untitled = (await write({ title: "", content: typed })) as unknown as Refusal;
    expect(untitled.init.status).toBe(400);
    // Refused by the form's schema, before the service: the content is still read once to be shown again.
    expect(untitled.data.lastResult!.error).toEqual({ title: ["board.error.title_required"] });
    expect(untitled.data.lastResult!.initialValue).not.toHaveProperty("content");
    expect(untitled.data.values.content).toBe("<p>남해 <b>일주</b></p>");
    expect(passes.count).toBe(1);

    passes.count = 0;
    const images = Array.from({ length: 11 }, (_, n) => `<img src="/uploads/post/2026/05/${n}.webp">`).join(
      "",
    );
    const crowded = (await write({ title: "사진 모음", content: images })) as unknown as Refusal;
    expect(crowded.data.error!.code).toBe("too_many_images");
    expect(crowded.data.values.content).toBe(images.replaceAll('.webp">', '.webp" alt="" />'));
    expect(passes.count).toBe(1);
  });

  it("gives text typed without the editor back as typed", async () => {
    const typed = "첫 줄\n둘째 줄 <- 화살표";
    const untitled = (await write({ title: "", content: typed })) as unknown as Refusal;
    expect(untitled.data.values.content).toBe(typed);
  });

  it("names every field its schema refuses, the category of a topic board included", async () => {
    const refused = (await write({ categoryId: "", title: " ", content: "" })) as unknown as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.lastResult!.error).toEqual({
      categoryId: ["board.error.category_required"],
      title: ["board.error.title_required"],
      content: ["board.error.content_required"],
    });
    expect(refused.data.values).toMatchObject({ kind: "free", title: " " });
  });

  it("refuses more than 200 KB before reading it and keeps what was typed", async () => {
    const typed = "<p><b><i><u><s>".repeat(Math.ceil(RICH_TEXT_MAX_BYTES / 15) + 1);
    const refused = (await write({ title: "너무 긴 글", content: typed })) as unknown as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.lastResult!.error).toEqual({ content: ["board.error.content_too_large"] });
    expect(refused.data.values.content).toBe(typed);
    expect(passes.count).toBe(0);
  });
});
