import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReviewDetail } from "#app/services/reviews/list.server";
import { ReviewDetailView } from "./ReviewDetailView";
import { ReviewForm, type ReviewFormData } from "./ReviewForm";

const motorcycle = {
  id: 7,
  year: 2023,
  modelId: 3,
  nameKo: "포르자 350",
  nameEn: "Forza 350",
  manufacturerKo: "혼다",
  manufacturerEn: "Honda",
};

const review: ReviewDetail = {
  id: 41,
  motorcycle,
  author: { id: "m1", nickname: "바람돌이", avatarUrl: null },
  ratingAverage: 7.44,
  disadvantage: "수납공간이 좁아요",
  thumbnailUrl: "/uploads/post/a.thumb.webp",
  tags: ["commuting", "fuelEfficient"],
  sparkCount: 1234,
  ownerMeeting: true,
  owner: true,
  createdAt: "2026-11-23T01:00:00.000Z",
  ratings: {
    performance: 8,
    braking: 7,
    engine: 6,
    durability: 9,
    design: 10,
    finish: 7,
    convenience: 8,
    maintenance: 6,
    value: 6,
  },
  texts: { braking: "ABS가 든든합니다" },
  images: [{ url: "/uploads/post/a.webp", thumbnailUrl: "/uploads/post/a.thumb.webp" }],
  editableUntil: "2026-11-24T01:00:00.000Z",
  mine: true,
  canEdit: true,
  canDelete: true,
};

function render(path: string, element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("a review's page", () => {
  it("shows the model, the nine ratings as labelled bars, badges, photos and the spark slot", () => {
    const html = render(
      "/review/motorcycle/detail?id=41",
      <ReviewDetailView review={review} now="2026-11-23T02:00:00.000Z" />,
    );
    expect(html).toContain('href="/motorcycle/3"');
    expect(html).toContain("혼다 포르자 350");
    expect(html.match(/role="meter"/g)).toHaveLength(9);
    // Each rating is a group of the list whose term and descriptions are its own children, as a <dl> requires.
    expect(html.match(/(<dl[^>]*>|<\/div>)<div[^>]*><dt/g)).toHaveLength(9);
    expect(html).toContain("10점 · 최고");
    expect(html).toContain("ABS가 든든합니다");
    expect(html).toContain("data-owner-badge");
    expect(html).toContain("data-spark-slot");
    expect(html).toContain("1,234");
    expect(html).toContain('href="/uploads/post/a.webp"');
    expect(html).toContain('href="/review/motorcycle/write?id=41"');
    expect(html).toContain('value="delete"');
    expect(html).toContain('href="/profile/m1"');
  });

  it("hides editing once locked and management from readers, in English too", () => {
    const locked = render(
      "/en/review/motorcycle/detail?id=41",
      <ReviewDetailView review={{ ...review, canEdit: false }} now="2026-11-25T02:00:00.000Z" />,
    );
    expect(locked).toContain("Locked since");
    expect(locked).not.toContain("write?id=41");
    expect(locked).toContain("10 · Outstanding");
    const reader = render(
      "/review/motorcycle/detail?id=41",
      <ReviewDetailView
        review={{ ...review, mine: false, canEdit: false, canDelete: false }}
        now="2026-11-23T02:00:00.000Z"
      />,
    );
    expect(reader).not.toContain('value="delete"');
    expect(reader).not.toContain('value="ownerMeeting"');
  });
});

describe("the review form", () => {
  const data: ReviewFormData = {
    mode: "create",
    reviewId: null,
    motorcycle,
    token: "0123456789abcdef0123",
    editableUntil: null,
    values: {
      motorcycleId: "7",
      ratings: { braking: "9" },
      texts: {},
      disadvantage: "",
      tags: ["touring"],
      ownerMeeting: false,
      images: [],
    },
  };

  it("posts with its photos to the confirm page, with a labelled choice of 1–10 for each of the nine items", () => {
    const html = render("/en/review/motorcycle/write?motorcycleId=7", <ReviewForm data={data} />);
    expect(html).toContain('action="/en/review/motorcycle/write/confirm"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html.match(/<select/g)).toHaveLength(9);
    expect(html).toContain("1 · Terrible");
    expect(html).toContain("Value for money");
    expect(html).toContain('name="photos"');
    expect(html).toMatch(/value="9" selected=""/);
    expect(html).toMatch(/checked="" value="touring"/);
  });
});
