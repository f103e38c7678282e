import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Highlight, highlightParts } from "./Highlight";

describe("highlighting the searched words", () => {
  it("marks every occurrence regardless of case", () => {
    expect(highlightParts("엔진오일정비후기, 정비 끝", "정비")).toEqual([
      { text: "엔진오일", match: false },
      { text: "정비", match: true },
      { text: "후기, ", match: false },
      { text: "정비", match: true },
      { text: " 끝", match: false },
    ]);
    expect(highlightParts("Chain CHAIN chain", "chain").filter((part) => part.match)).toHaveLength(3);
  });

  it("treats the query as plain text and never lets the text become markup", () => {
    expect(highlightParts("a.b axb", "a.b")).toEqual([
      { text: "a.b", match: true },
      { text: " axb", match: false },
    ]);
    const html = renderToStaticMarkup(
      <Highlight text={'<img src=x onerror="alert(1)"> 정비'} query={"<img"} />,
    );
    expect(html).toBe(
      '<mark class="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">&lt;img</mark> src=x onerror=&quot;alert(1)&quot;&gt; 정비',
    );
  });
});
