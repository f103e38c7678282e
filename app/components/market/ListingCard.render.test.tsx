import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { en } from "#app/i18n/en";
import { ListingCard, type ListingCardRow } from "./ListingCard";

const row: ListingCardRow = {
  id: 3,
  kind: "gear",
  title: "헬멧 팝니다",
  thumbnailUrl: null,
  price: 50_000,
  status: "selling",
  area: { ko: "서울 마포구", en: "Mapo-gu, Seoul" },
  likeCount: 1,
  commentCount: 1,
  bumpedAt: "2026-03-02T01:00:00.000Z",
  bumped: false,
  blinded: false,
};

function render(path: string, counts: Partial<ListingCardRow>) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <ListingCard row={{ ...row, ...counts }} now="2026-03-02T02:00:00.000Z" />
    </MemoryRouter>,
  );
}

/** Every message of the market's areas, flattened to key → text. */
function marketMessages(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") out.push([path, node]);
    else for (const [key, value] of Object.entries(node as object)) walk(value, `${path}.${key}`);
  };
  for (const area of ["market", "marketMine", "marketForm", "marketError"] as const) walk(en[area], area);
  return out;
}

describe("a market list's counts", () => {
  it("agree with their number in English", () => {
    const one = render("/en/market/gear", { commentCount: 1, likeCount: 1 });
    expect(one).toContain("1 comment<");
    expect(one).toContain("1 like<");
    const many = render("/en/market/gear", { commentCount: 2, likeCount: 1200 });
    expect(many).toContain("2 comments<");
    expect(many).toContain("1,200 likes<");
    const korean = render("/market/gear", { commentCount: 1, likeCount: 3 });
    expect(korean).toContain("댓글 1<");
    expect(korean).toContain("관심 3<");
  });

  it("are plural messages wherever an English market message counts something", () => {
    const countedNoun = /\{\w+, number\} [a-z]+s\b/;
    expect(marketMessages().filter(([, text]) => countedNoun.test(text))).toEqual([]);
  });
});
