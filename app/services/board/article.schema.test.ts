import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "#app/shell/form.server";
import { RICH_TEXT_MAX_BYTES } from "../content/limits";
import { articleSchema } from "./article.schema";
import { ARTICLE_TITLE_MAX } from "./kinds";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

describe("the article form's schema", () => {
  it("reads a topic board's article: the category as an id, the private box, the title trimmed", () => {
    const submission = parseSubmission(
      form({
        token: "t",
        kind: "free",
        categoryId: "7",
        title: " 남해 일주 ",
        content: "<p>바람</p>",
        isPrivate: "on",
      }),
      articleSchema,
    );
    expect(submission.status === "success" && submission.value).toEqual({
      token: "t",
      id: "",
      kind: "free",
      categoryId: 7,
      title: "남해 일주",
      content: "<p>바람</p>",
      isPrivate: true,
      frameNumber: "",
    });
  });

  it("needs no category on the guestbook", () => {
    const submission = parseSubmission(
      form({ kind: "guestbook", title: "안녕", content: "반가워요" }),
      articleSchema,
    );
    expect(submission.status).toBe("success");
  });

  it("gives the browser and the server the same messages, every missing field at once", () => {
    const typed = form({ kind: "free", categoryId: "2147483648", title: "", content: "" });
    const browser = parseWithZod(typed, { schema: articleSchema }).reply();
    const server = parseSubmission(typed, articleSchema).reply();
    expect(browser).toEqual(server);
    expect(server.error).toEqual({
      categoryId: ["board.error.category_required"],
      title: ["board.error.title_required"],
      content: ["board.error.content_required"],
    });
  });

  it("holds the title and the content to their limits", () => {
    const submission = parseSubmission(
      form({
        kind: "guestbook",
        title: "가".repeat(ARTICLE_TITLE_MAX + 1),
        content: "a".repeat(RICH_TEXT_MAX_BYTES + 1),
      }),
      articleSchema,
    );
    expect(submission.reply().error).toEqual({
      title: ["board.error.title_length"],
      content: ["board.error.content_too_large"],
    });
  });
});
