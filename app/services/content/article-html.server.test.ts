import { describe, expect, it } from "vitest";
import { DomainError } from "#app/services/errors";
import { validateArticleHtml } from "./article-html.server";

const image = (n: number) => `<img src="/uploads/post/2026/05/${n}.webp">`;
const video = (id: string) =>
  `<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/${id}"></iframe></div>`;

function refusal(input: string): string {
  try {
    validateArticleHtml(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error("accepted");
}

describe("validateArticleHtml", () => {
  it("answers the sanitised HTML, its text, media and thumbnail", () => {
    const checked = validateArticleHtml(
      `<p onclick="x()">남해 <b>일주</b></p>${image(1)}${image(2)}<img src="https://t.example/p.gif">${video("dQw4w9WgXcQ")}`,
    );
    expect(checked.html).not.toContain("onclick");
    expect(checked.html).not.toContain("t.example");
    expect(checked.text).toBe("남해 일주");
    expect(checked.images).toEqual(["/uploads/post/2026/05/1.webp", "/uploads/post/2026/05/2.webp"]);
    expect(checked.videos).toEqual(["https://www.youtube.com/embed/dQw4w9WgXcQ"]);
    expect(checked.thumbnail).toBe("/uploads/post/2026/05/1.webp");
  });

  it("accepts media without text, and refuses content that is empty once sanitised", () => {
    expect(validateArticleHtml(image(1)).text).toBe("");
    expect(validateArticleHtml(video("dQw4w9WgXcQ")).videos).toHaveLength(1);
    for (const empty of [
      "",
      "<p></p><p> &nbsp; </p>",
      "<script>alert(1)</script>",
      '<img src="https://t.example/p.gif">',
    ]) {
      expect(refusal(empty), empty).toBe("content_required");
    }
  });

  it("counts images and videos after sanitising", () => {
    const ten = Array.from({ length: 10 }, (_, n) => image(n)).join("");
    expect(validateArticleHtml(ten).images).toHaveLength(10);
    expect(refusal(ten + image(10))).toBe("too_many_images");
    // Foreign images are removed before counting, so they never push a post over the limit.
    expect(validateArticleHtml(ten + '<img src="https://t.example/p.gif">').images).toHaveLength(10);
    expect(refusal(`<p>x</p>${video("dQw4w9WgXcQ")}${video("9bZkp7q19f0")}`)).toBe(
      "youtube_already_registered",
    );
    // A frame that is not a YouTube embed is removed and does not count.
    expect(
      validateArticleHtml(`${video("dQw4w9WgXcQ")}<iframe src="https://evil.example/embed/x"></iframe>`)
        .videos,
    ).toHaveLength(1);
  });

  it("limits the text to 20,000 characters, counted as members see them", () => {
    expect(validateArticleHtml(`<p>${"가".repeat(20_000)}</p>`).text).toHaveLength(20_000);
    expect(refusal(`<p>${"가".repeat(20_001)}</p>`)).toBe("content_length");
    expect(validateArticleHtml(`<p>${"&lt;".repeat(20_000)}</p>`).text).toHaveLength(20_000);
    expect(refusal(`<p>${"😀".repeat(20_001)}</p>`)).toBe("content_length");
    expect(refusal(`<p>x</p>${"<b></b>".repeat(100_000)}`)).toBe("content_length");
  });
});
