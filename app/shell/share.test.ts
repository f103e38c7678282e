import { describe, expect, it } from "vitest";
import { routeShareMeta } from "./share";

const tags = (meta: ReturnType<typeof routeShareMeta>) =>
  Object.fromEntries(
    meta.map((tag) => {
      const entry = tag as { property?: string; name?: string; content: string };
      return [entry.property ?? entry.name, entry.content];
    }),
  );

const root = (publicUrl: string) => [{ loaderData: { publicUrl } }, undefined, { loaderData: {} }];

describe("share previews", () => {
  it("give a post its title, excerpt and first image, with absolute addresses", () => {
    const meta = tags(
      routeShareMeta(
        {
          location: { pathname: "/board/free/7", search: "?utm_source=kakao" },
          matches: root("https://motomate.kr"),
        },
        { title: "남해 일주", description: "바다를 따라…", image: "/uploads/post/a.jpg" },
      ),
    );
    expect(meta).toEqual({
      description: "바다를 따라…",
      "og:site_name": "모토메이트",
      "og:type": "article",
      "og:title": "남해 일주",
      "og:description": "바다를 따라…",
      "og:url": "https://motomate.kr/board/free/7",
      "og:image": "https://motomate.kr/uploads/post/a.jpg",
      "og:locale": "ko_KR",
      "og:locale:alternate": "en_US",
      "twitter:card": "summary_large_image",
    });
  });

  it("fall back to the product's name, description and 1200×600 picture", () => {
    const meta = tags(
      routeShareMeta({ location: { pathname: "/en/faq", search: "" }, matches: root("https://motomate.kr") }),
    );
    expect(meta["og:type"]).toBe("website");
    expect(meta["og:title"]).toBe("Moto Mate");
    expect(meta["og:description"]).toMatch(/^Moto Mate /);
    expect(meta["og:url"]).toBe("https://motomate.kr/en/faq");
    expect(meta["og:image"]).toBe("https://motomate.kr/share.png");
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "600"]);
    expect(meta["og:locale"]).toBe("en_US");

    const imageless = tags(
      routeShareMeta(
        { location: { pathname: "/board/free/8", search: "" }, matches: root("https://motomate.kr") },
        { title: "사진 없는 글", description: "", image: null },
      ),
    );
    expect(imageless["og:title"]).toBe("사진 없는 글");
    expect(imageless["og:image"]).toBe("https://motomate.kr/share.png");
    expect(imageless["og:description"]).toMatch(/^모토메이트는 /);
  });

  it("keep an image stored elsewhere as it is, and drop one that is not http(s)", () => {
    const at = (image: string) =>
      tags(
        routeShareMeta(
          { location: { pathname: "/board/free/9", search: "" }, matches: root("http://localhost:3000") },
          { title: "t", description: "d", image },
        ),
      )["og:image"];
    expect(at("https://bucket.example/post/b.jpg")).toBe("https://bucket.example/post/b.jpg");
    expect(at("javascript:alert(1)")).toBe("http://localhost:3000/share.png");
  });

  it("give only the description when the root has no data (an error before its loader ran)", () => {
    expect(routeShareMeta({ location: { pathname: "/", search: "" }, matches: [] })).toEqual([
      { name: "description", content: expect.stringMatching(/^모토메이트는 /) },
    ]);
  });
});
