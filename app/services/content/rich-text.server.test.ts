import fc from "fast-check";
import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { describe, expect, it, vi } from "vitest";
import { xssCorpus } from "#tests/fixtures/xss-corpus";
import {
  formContentHtml,
  readRichText,
  readRichTextTask,
  RICH_TEXT_MAX_DEPTH,
  RichTextTooDeep,
  type RichTextOptions,
} from "./rich-text.server";
import { parseYoutubeUrl } from "./youtube";

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

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h3: [],
  div: ["data-youtube-video"],
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height"],
  iframe: [
    "src",
    "width",
    "height",
    "title",
    "allow",
    "allowfullscreen",
    "sandbox",
    "referrerpolicy",
    "loading",
  ],
  map: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
};

/** Every element and attribute of `html` as a parser sees it. */
function elementsOf(html: string) {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => {
      found.push({ tag: frame.tag, attribs: { ...frame.attribs } });
      return false;
    },
  });
  return found;
}

function expectSafe(output: string, label: string) {
  // Text is escaped, so every "<" left in the output opens a real tag. Attribute values are
  // always double-quoted with their own quotes escaped; what they say is text, not markup.
  const tags = (output.match(/<[^>]*>?/g)?.join("\n") ?? "").replace(/"[^"]*"/g, '""');
  expect(tags, label).not.toMatch(/<\s*\/?\s*(script|style|svg|math|base|meta|form|object|embed|link)\b/i);
  expect(tags, label).not.toMatch(/\son[a-z]+\s*=/i);
  expect(tags, label).not.toMatch(/\s(style|srcset|srcdoc|xlink:href|formaction|action)\s*=/i);
  for (const { tag, attribs } of elementsOf(output)) {
    expect(Object.keys(ALLOWED), `${label}: <${tag}>`).toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(ALLOWED[tag], `${label}: <${tag} ${name}>`).toContain(name);
      if (name === "href" || name === "src") {
        expect(value, label).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      }
      if (name === "href") expect(value, label).toMatch(/^https?:\/\//);
      if (tag === "iframe" && name === "src")
        expect(value, label).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
      if (tag === "img" && name === "src") expect(value, label).toMatch(/^\/uploads\/post\//);
    }
  }
}

const sanitizeRichText = (html: string, options?: RichTextOptions) => readRichText(html, options).html;

describe("readRichText", () => {
  it("keeps what the editor writes", () => {
    const html =
      "<h3><strong>남해 일주</strong></h3><p>첫날 <em>비</em>, <s>둘째 날</s> <u>맑음</u><br>끝</p>" +
      "<ul><li><p>하나</p></li></ul><ol><li><p>둘</p></li></ol><blockquote><p>인용</p></blockquote>" +
      '<p><a href="https://example.com/route?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">코스</a></p>' +
      '<img src="/uploads/post/2026/05/0b0c.webp" alt="" width="800" height="600">';
    expect(sanitizeRichText(html)).toBe(
      "<h3><strong>남해 일주</strong></h3><p>첫날 <em>비</em>, <s>둘째 날</s> <u>맑음</u><br />끝</p>" +
        "<ul><li><p>하나</p></li></ul><ol><li><p>둘</p></li></ol><blockquote><p>인용</p></blockquote>" +
        '<p><a href="https://example.com/route?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">코스</a></p>' +
        '<img src="/uploads/post/2026/05/0b0c.webp" alt="" width="800" height="600" />',
    );
  });

  it("forces safe link attributes and drops links that are not absolute http(s)", () => {
    expect(sanitizeRichText('<a href="http://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="http://example.com/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    for (const href of [
      "/my/logout",
      "//evil.example/x",
      "mailto:a@b.c",
      "ftp://x",
      "https://u:p@x.example/",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe("x");
    }
  });

  it("keeps only images this product stored, without query, traversal or foreign hosts", () => {
    const own = "/uploads/post/2026/05/4f1e-aa.webp";
    expect(sanitizeRichText(`<img src="${own}" alt="코스" width="100%" height="9">`)).toBe(
      `<img src="${own}" alt="코스" height="9" />`,
    );
    for (const src of [
      "https://tracker.example/pixel.gif",
      "//tracker.example/pixel.gif",
      "/uploads/avatar/2026/05/a.webp",
      "/uploads/post/../../api/setting/blind",
      "/uploads/post/2026/.hidden",
      "/uploads/post/2026/05/a.webp?uid=1",
      "/uploads/post/",
      "/api/uploads/post/a.webp",
    ]) {
      expect(sanitizeRichText(`<p>x</p><img src="${src}">`), src).toBe("<p>x</p>");
    }
  });

  it("keeps images of a configured storage address instead", () => {
    const cdn = "https://cdn.motomate.example/post/";
    expect(sanitizeRichText(`<img src="${cdn}2026/05/a.webp">`, { imageBase: cdn })).toBe(
      `<img src="${cdn}2026/05/a.webp" alt="" />`,
    );
    expect(sanitizeRichText('<img src="/uploads/post/2026/05/a.webp">', { imageBase: cdn })).toBe("");
  });

  it("rebuilds YouTube embeds from their id and forces the frame's safety attributes", () => {
    const tiptap =
      '<div data-youtube-video=""><iframe width="640" height="360" allowfullscreen="true" autoplay="false" ' +
      'src="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=1&start=42" sandbox="allow-top-navigation"></iframe></div>';
    expect(sanitizeRichText(tiptap)).toBe(
      '<div data-youtube-video><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=42" width="640" height="360" ' +
        'title="YouTube" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen ' +
        'sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" ' +
        'referrerpolicy="strict-origin-when-cross-origin" loading="lazy"></iframe></div>',
    );
    const nocookie = readRichText(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    );
    expect(nocookie.videos).toEqual(["https://www.youtube.com/embed/dQw4w9WgXcQ"]);
    for (const src of [
      "http://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/embed/short",
      "https://www.youtube.com/embed/dQw4w9WgXcQ/../../redirect",
      "https://player.vimeo.com/video/1",
      "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ",
    ]) {
      expect(sanitizeRichText(`<iframe src="${src}"></iframe>`), src).toBe("");
    }
  });

  it("drops the map element's attributes and the text inside frames", () => {
    expect(sanitizeRichText('<map name="m"><area href="javascript:x()"></map>')).toBe("<map></map>");
    expect(
      sanitizeRichText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ">fallback <b>x</b></iframe>'),
    ).not.toContain("fallback");
  });

  it.each(xssCorpus.map((vector) => [vector.id, vector.name, vector.html] as const))(
    "corpus %i (%s) leaves only allowed markup, and sanitising again changes nothing",
    (id, name, html) => {
      const once = sanitizeRichText(html);
      expectSafe(once, `${id} ${name}`);
      expect(once).not.toMatch(new RegExp(`<[^>]*__xss\\(${id}\\)`));
      expect(sanitizeRichText(once)).toBe(once);
    },
  );

  it("reads an attribute value that spells an event handler as text", () => {
    const input =
      '<iframe title="&quot;><img src=x onerror=__xss(1)>" src="https://www.youtube.com/embed/dQw4w9WgXcQ">';
    const once = sanitizeRichText(input);
    expect(once).toContain("&lt;img src=x onerror=__xss(1)&gt;");
    expectSafe(once, input);
    expect(() => expectSafe('<iframe title="x" onload=__xss(1)>', "bare handler")).toThrow();
  });

  it("the corpus has enough vectors, each calling its own marker", () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
    for (const vector of xssCorpus) expect(vector.html).toMatch(new RegExp(`\\b${vector.id}\\b`));
  });

  it("is idempotent on arbitrary markup", () => {
    const tag = fc.constantFrom(
      "p",
      "a",
      "img",
      "iframe",
      "div",
      "h3",
      "ul",
      "li",
      "b",
      "script",
      "style",
      "svg",
      "math",
      "noscript",
      "textarea",
      "title",
      "table",
      "form",
      "mglyph",
      "xmp",
      "template",
    );
    const attribute = fc
      .tuple(
        fc.constantFrom("href", "src", "onerror", "style", "title", "data-youtube-video", "width", "alt"),
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            "javascript:__xss(1)",
            "jav&#x09;ascript:x",
            "https://example.com/?a=1&b=2",
            "/uploads/post/2026/05/a.webp",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",
            '"><img src=x onerror=__xss(1)>',
            "</noscript><img src=x>",
          ),
        ),
      )
      .map(([name, value]) => ` ${name}="${value.replace(/"/g, "&quot;")}"`);
    const piece: fc.Arbitrary<string> = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "&amp;",
        "&lt;",
        "&nbsp;",
        "&#0;",
        "&",
        "<",
        ">",
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "`",
      ),
      fc
        .tuple(tag, fc.array(attribute, { maxLength: 3 }))
        .map(([name, attrs]) => `<${name}${attrs.join("")}>`),
      tag.map((name) => `</${name}>`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const once = sanitizeRichText(pieces.join(""));
        expect(sanitizeRichText(once)).toBe(once);
        expectSafe(once, pieces.join(""));
      }),
      { numRuns: 1500 },
    );
  });
});

describe("one sanitising pass", () => {
  const frame =
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube" ' +
    'allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen ' +
    'sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" ' +
    'referrerpolicy="strict-origin-when-cross-origin" loading="lazy"></iframe>';
  const link = (href: string) => `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">`;

  it.each([
    // Dropped wrappers leave a block directly in a paragraph: the parser closes the paragraph there.
    ["<p>a<span><div>b</div></span>c</p>", "<p>a</p><div>b</div>c<p></p>"],
    ["<p>a<font><h3>b</h3></font></p>", "<p>a</p><h3>b</h3><p></p>"],
    ["<h3>a<font><h3>b</h3></font></h3>", "<h3>a</h3><h3>b</h3>"],
    ["<ul><li>a<span><li>b</li></span></li></ul>", "<ul><li>a</li><li>b</li></ul>"],
    [
      '<a href="https://a.example/">x<span><a href="https://b.example/">y</a></span>z</a>',
      `${link("https://a.example/")}x</a>${link("https://b.example/")}y</a>z`,
    ],
    // In SVG a frame holds elements; read again as HTML its content is text, which frames drop.
    [`<svg><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"><p>x</p></iframe></svg>`, frame],
  ])("settles %s in the same pass as the parser would read it back", (input, settled) => {
    passes.count = 0;
    const once = readRichText(input);
    expect(passes.count).toBe(1);
    expect(once.html).toBe(settled);
    expect(readRichText(once.html)).toEqual(once);
  });

  it("stops reading the moment the open elements exceed the limit, counted as the parser nests them", () => {
    passes.count = 0;
    expect(
      readRichTextTask({ html: "<b><i>".repeat(RICH_TEXT_MAX_DEPTH), imageBase: "/uploads/post/" }),
    ).toEqual({ kind: "too_deep" });
    expect(passes.count).toBe(1);
    const deep = (html: string, limit: number) => {
      try {
        readRichText(html, {}, limit);
        return false;
      } catch (error) {
        if (error instanceof RichTextTooDeep) return true;
        throw error;
      }
    };
    expect(deep("<div>".repeat(RICH_TEXT_MAX_DEPTH), RICH_TEXT_MAX_DEPTH)).toBe(false);
    expect(deep("<div>".repeat(RICH_TEXT_MAX_DEPTH + 1), RICH_TEXT_MAX_DEPTH)).toBe(true);
    // Paragraphs and list items close their open namesakes; void and closed elements do not add up.
    expect(deep("<p>a".repeat(100), 1)).toBe(false);
    expect(deep(`<ul>${"<li>a".repeat(100)}`, 2)).toBe(false);
    expect(deep("<div><br><img><hr></div>".repeat(100), 1)).toBe(false);

    const tag = fc.constantFrom(
      "p",
      "li",
      "b",
      "div",
      "ul",
      "h3",
      "a",
      "br",
      "img",
      "script",
      "svg",
      "math",
      "iframe",
    );
    const piece = fc.oneof(
      fc.constantFrom("x", "<!--", "-->"),
      tag.map((name) => `<${name}>`),
      tag.map((name) => `<${name}/>`),
      tag.map((name) => `</${name}>`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (pieces, limit) => {
        const html = pieces.join("");
        let depth = 0;
        let deepest = 0;
        const holds = (name: string) => name !== "br" && name !== "img";
        new Parser({
          onopentag: (name) => {
            if (holds(name)) deepest = Math.max(deepest, ++depth);
          },
          onclosetag: (name) => {
            if (holds(name)) depth -= 1;
          },
        }).end(html);
        expect(deep(html, limit)).toBe(deepest > limit);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("readRichText's text and media", () => {
  it("reads text once-decoded and media in order", () => {
    const read = readRichText(
      "<h3>제목</h3><p>a &amp;lt; b &amp; c</p><ul><li>x</li><li>y</li></ul>" +
        '<img src="/uploads/post/a.webp"><img src="/uploads/post/b.webp">' +
        '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
    );
    expect(read.text).toBe("제목 a &lt; b & c x y");
    expect(read.images).toEqual(["/uploads/post/a.webp", "/uploads/post/b.webp"]);
    expect(read.videos).toEqual(["https://www.youtube.com/embed/dQw4w9WgXcQ"]);
    expect(readRichText(read.html)).toEqual(read);
  });
});

describe("formContentHtml", () => {
  it("keeps editor HTML and turns plain text lines into paragraphs", () => {
    expect(formContentHtml("<p>a</p>")).toBe("<p>a</p>");
    expect(formContentHtml("첫 줄\r\n\n  a < b & c  \n")).toBe("<p>첫 줄</p><p>a &lt; b &amp; c</p>");
    expect(formContentHtml("  ")).toBe("");
  });
});

describe("parseYoutubeUrl", () => {
  it("accepts watch, youtu.be, shorts, live and embed addresses", () => {
    const id = "dQw4w9WgXcQ";
    expect(parseYoutubeUrl(`https://www.youtube.com/watch?v=${id}`)).toEqual({ id });
    expect(parseYoutubeUrl(`https://m.youtube.com/watch?v=${id}&t=1m30s`)).toEqual({ id, start: 90 });
    expect(parseYoutubeUrl(`https://youtu.be/${id}?t=42`)).toEqual({ id, start: 42 });
    expect(parseYoutubeUrl(`https://www.youtube.com/shorts/${id}`)).toEqual({ id });
    expect(parseYoutubeUrl(`https://www.youtube.com/live/${id}`)).toEqual({ id });
    expect(parseYoutubeUrl(` https://www.youtube.com/embed/${id}?start=5 `)).toEqual({ id, start: 5 });
    expect(parseYoutubeUrl(`https://www.youtube-nocookie.com/embed/${id}`)).toEqual({ id });
  });

  it("refuses other addresses", () => {
    for (const url of [
      "dQw4w9WgXcQ",
      "https://vimeo.com/1",
      "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://user@www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/channel/UC123",
    ]) {
      expect(parseYoutubeUrl(url), url).toBeNull();
    }
  });
});
