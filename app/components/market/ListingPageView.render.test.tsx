import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { MarketStatus } from "#app/db/schema";
import { ListingPageView, type ListingPageData } from "./ListingPageView";

const seller = { id: "seller", nickname: "판매자", avatarUrl: null };

type FoundPage = Extract<ListingPageData, { state: "found" }>;

function page(status: MarketStatus, negotiable = true): FoundPage {
  return {
    state: "found",
    listing: {
      id: 7,
      kind: "gear",
      category: null,
      title: "헬멧 팝니다",
      contentHtml: "<p>상태 좋아요</p>",
      excerpt: "상태 좋아요",
      imageUrl: null,
      seller,
      status,
      price: 120_000,
      negotiable,
      tradeDirect: true,
      tradeDelivery: false,
      areaCode: "seoul-mapo",
      area: { ko: "서울 마포구", en: "Mapo-gu, Seoul" },
      vehicle: {
        modelName: null,
        modelYear: null,
        mileageKm: null,
        displacementCc: null,
        colour: null,
        accidentHistory: null,
        paperwork: null,
        tuned: null,
      },
      buyer: null,
      buyerConfirmed: false,
      likeCount: 0,
      commentCount: 0,
      keepCount: 0,
      viewCount: 1,
      createdAt: "2026-03-02T01:00:00.000Z",
      updatedAt: "2026-03-02T01:00:00.000Z",
      bumpedAt: "2026-03-02T01:00:00.000Z",
      soldAt: status === "soldOut" ? "2026-03-03T01:00:00.000Z" : null,
      mine: false,
      canManage: false,
    },
    blinded: false,
    interactions: { liked: false, kept: false, comments: [] },
    trade: {
      steps: [],
      candidates: [],
      offers: [],
      myOffer: null,
      canOffer: false,
      nextBumpAt: null,
      review: null,
    },
    signedIn: false,
    viewerId: null,
    listPath: "/market/gear",
    now: "2026-03-04T01:00:00.000Z",
    pageTitle: "헬멧 팝니다",
    sellerReputation: 36.5,
  };
}

function render(path: string, data: ListingPageData) {
  const router = createMemoryRouter([{ path: "*", element: <ListingPageView data={data} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("a listing's page", () => {
  it("says price offers are welcome only while a negotiable listing is selling", () => {
    expect(render("/market/gear/7", page("selling"))).toContain("가격 제안 가능");
    expect(render("/en/market/gear/7", page("selling"))).toContain("Offers welcome");
    for (const status of ["reserved", "soldOut"] as const) {
      expect(render("/market/gear/7", page(status)), status).not.toContain("가격 제안 가능");
      expect(render("/en/market/gear/7", page(status)), status).not.toContain("Offers welcome");
    }
    expect(render("/market/gear/7", page("selling", false))).not.toContain("가격 제안 가능");
  });

  it("asks a buyer the seller named to confirm the trade before either side may review, and tells the seller", () => {
    const sold = page("soldOut");
    const review = (role: "seller" | "buyer") => ({
      role,
      confirmed: false,
      canWrite: false,
      mine: null,
      theirs: null,
      revealsAt: "2026-03-10T01:00:00.000Z",
    });
    const asBuyer = render("/market/gear/7", { ...sold, trade: { ...sold.trade, review: review("buyer") } });
    expect(asBuyer).toContain('value="confirmPurchase"');
    expect(asBuyer).toContain("네, 거래했어요");
    expect(asBuyer).not.toContain('value="review"');
    const asSeller = render("/market/gear/7", {
      ...sold,
      trade: { ...sold.trade, review: review("seller") },
    });
    expect(asSeller).toContain("구매자가 거래를 확인하면 서로 후기를 남길 수 있어요.");
    expect(asSeller).not.toContain('value="confirmPurchase"');
  });
});
