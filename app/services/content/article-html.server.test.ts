import { describe, expect, it } from "vitest";
import { DomainError } from "#app/services/errors";
import { validateArticleHtml } from "./article-html.server";
import { RICH_TEXT_MAX_BYTES } from "./limits";
import { RICH_TEXT_MAX_DEPTH } from "./rich-text.server";

const image = (n: number) => `<img src="/uploads/post/2026/05/${n}.webp">`;
const video = (id: string) =>
  `<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/${id}"></iframe></div>`;

async function refusal(input: string): Promise<string> {
  try {
    await validateArticleHtml(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error("accepted");
}

/** `unit` repeated to just under `bytes` UTF-8 bytes. */
const filled = (unit: string, bytes = RICH_TEXT_MAX_BYTES) =>
  unit.repeat(Math.floor(bytes / Buffer.byteLength(unit)));

describe("validateArticleHtml", () => {
  it("answers the sanitised HTML, its text, media and thumbnail", async () => {
    const checked = await validateArticleHtml(
      `<p onclick="x()">남해 <b>일주</b></p>${image(1)}${image(2)}<img src="https://t.example/p.gif">${video("dQw4w9WgXcQ")}`,
    );
    expect(checked.html).not.toContain("onclick");
    expect(checked.html).not.toContain("t.example");
    expect(checked.text).toBe("남해 일주");
    expect(checked.images).toEqual(["/uploads/post/2026/05/1.webp", "/uploads/post/2026/05/2.webp"]);
    expect(checked.videos).toEqual(["https://www.youtube.com/embed/dQw4w9WgXcQ"]);
    expect(checked.thumbnail).toBe("/uploads/post/2026/05/1.webp");
  });

  it("accepts media without text, and refuses content that is empty once sanitised", async () => {
    expect((await validateArticleHtml(image(1))).text).toBe("");
    expect((await validateArticleHtml(video("dQw4w9WgXcQ"))).videos).toHaveLength(1);
    for (const empty of [
      "",
      "<p></p><p> &nbsp; </p>",
      "<script>alert(1)</script>",
      '<img src="https://t.example/p.gif">',
    ]) {
      expect(await refusal(empty), empty).toBe("content_required");
    }
  });

  it("counts images and videos after sanitising", async () => {
    const ten = Array.from({ length: 10 }, (_, n) => image(n)).join("");
    expect((await validateArticleHtml(ten)).images).toHaveLength(10);
    expect(await refusal(ten + image(10))).toBe("too_many_images");
    // Foreign images are removed before counting, so they never push a post over the limit.
    expect((await validateArticleHtml(ten + '<img src="https://t.example/p.gif">')).images).toHaveLength(10);
    expect(await refusal(`<p>x</p>${video("dQw4w9WgXcQ")}${video("9bZkp7q19f0")}`)).toBe(
      "youtube_already_registered",
    );
    // A frame that is not a YouTube embed is removed and does not count.
    expect(
      (
        await validateArticleHtml(
          `${video("dQw4w9WgXcQ")}<iframe src="https://evil.example/embed/x"></iframe>`,
        )
      ).videos,
    ).toHaveLength(1);
  });

  it("limits the text to 20,000 characters, counted as members see them", async () => {
    expect((await validateArticleHtml(`<p>${"가".repeat(20_000)}</p>`)).text).toHaveLength(20_000);
    expect(await refusal(`<p>${"가".repeat(20_001)}</p>`)).toBe("content_length");
    expect((await validateArticleHtml(`<p>${"&lt;".repeat(20_000)}</p>`)).text).toHaveLength(20_000);
    expect(await refusal(`<p>${"😀".repeat(20_001)}</p>`)).toBe("content_length");
  });

  it("refuses more than 200 KB of HTML before reading it, counted in UTF-8 bytes", async () => {
    // 66,000 unclosed formatting blocks kept the server busy for 97 s before the limit.
    expect(await refusal("<p><b><i><u><s>".repeat(66_000))).toBe("content_too_large");
    expect(await refusal(`<p>x</p>${"<b></b>".repeat(30_000)}`)).toBe("content_too_large");
    // 70,000 Korean characters are 210,000 bytes.
    expect(await refusal(`<p>${"가".repeat(70_000)}</p>`)).toBe("content_too_large");
    const justUnder = `<p>x</p>${filled("<b></b>", RICH_TEXT_MAX_BYTES - 8)}`;
    expect((await validateArticleHtml(justUnder)).text).toBe("x");
    // What is stored obeys the same limit: 200 KB of <br> grows by a half once written as <br />.
    expect(await refusal(`<p>x${filled("<br>", RICH_TEXT_MAX_BYTES - 10)}</p>`)).toBe("content_too_large");
  });

  it("refuses nesting deeper than the limit before sanitising, unclosed tags included", async () => {
    const within = `${"<b>".repeat(RICH_TEXT_MAX_DEPTH - 1)}깊은 글${"</b>".repeat(RICH_TEXT_MAX_DEPTH - 1)}`;
    expect((await validateArticleHtml(within)).text).toBe("깊은 글");
    expect(await refusal(`${"<b>".repeat(RICH_TEXT_MAX_DEPTH + 1)}x`)).toBe("content_too_deep");
    expect(await refusal(filled("<p><b><i><u><s>"))).toBe("content_too_deep");
    // Closed elements do not add up, however many there are.
    expect((await validateArticleHtml(filled("<p><b><i>x</i></b></p>"))).text).toMatch(/^x x/);
  });
});
