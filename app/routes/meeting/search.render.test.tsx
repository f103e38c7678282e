import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ExpertCard } from "#app/services/meetings/finder/finder.server";
import MeetingKind from "./kind";
import MeetingSearch from "./search";

function render(Page: ComponentType<never>, path: string, loaderData: unknown) {
  const Component = Page as ComponentType<{ loaderData: unknown }>;
  const router = createMemoryRouter([{ path: "*", element: <Component loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const card: ExpertCard = {
  memberId: "m1",
  nickname: "정비왕",
  avatarUrl: "/uploads/avatar/a.webp",
  business: true,
  skill: {
    id: 41,
    kind: "repair",
    codes: ["engineOil", "tire"],
    entries: ["스쿠터 전문"],
    repairLevel: "shop",
    outsideRepair: true,
    truck: false,
    priceGuide: 20000,
    availability: { days: [5, 1, 3], from: "10:00", to: "18:00", onCall: false },
    model: null,
  },
  distanceKm: 1.2,
  district: { ko: "서울특별시 영등포구", en: "Yeongdeungpo-gu, Seoul" },
  mapPoint: { lat: 37.52, lng: 126.9 },
  feedback: { score: 4.5, count: 2 },
  responseRate: 67,
};

const searchData = {
  kind: "repair",
  values: { lat: "", lng: "", r: "3", filter: "", page: "1" },
  view: "list",
  origin: { source: "area", lat: 37.5, lng: 126.9 },
  sentPosition: false,
  radiusOptions: [3, 5, 10, 20, 30, 50].map((km, index) => ({ option: index + 1, km })),
  filter: {
    param: "code",
    labelKey: "finder.search.repairSkill",
    options: [
      { value: "engineOil", ko: "엔진오일 교환", en: "Oil Change" },
      { value: "tire", ko: "타이어 교환", en: "Tire Change" },
    ],
  },
  codeLabels: {
    engineOil: { ko: "엔진오일 교환", en: "Oil Change" },
    tire: { ko: "타이어 교환", en: "Tire Change" },
  },
  experts: [card],
  reputations: { [card.memberId]: 41.2 },
  page: 1,
  hasNext: true,
  error: null,
  tiles: { url: "/map-tiles/{z}/{x}/{y}.svg", attribution: "" },
  pageTitle: "정비 · 전문가 찾기",
};

describe("the finder's search page", () => {
  it("lists expert cards with district, distance, score, response rate and the request link", () => {
    const html = render(MeetingSearch, "/meeting/repair/search", searchData);
    expect(html).toContain("정비 전문가 찾기");
    expect(html).toContain("내 주 활동 지역 주변");
    expect(html).toContain("정비왕");
    expect(html).toContain("사업자");
    expect(html).toContain("서울특별시 영등포구");
    expect(html).toContain('aria-label="매너 온도 41.2℃, 근거 보기"');
    expect(html).toContain("1.2km");
    expect(html).toContain("평점 4.5 (2)");
    expect(html).toContain("응답률 67%");
    expect(html).toContain("20,000원/시간");
    expect(html).toContain("월·수·금 10:00–18:00");
    expect(html).toContain("엔진오일 교환");
    expect(html).toContain("전문 정비소");
    expect(html).toContain("출장 정비");
    expect(html).toContain('href="/meeting/repair/request?skill=41"');
    expect(html).toContain('src="/uploads/avatar/a.webp"');
    // The filter form: radius options 1–6, the kind's field, a GET form.
    expect(html).toContain('method="get"');
    expect(html).toMatch(/<option value="3" selected="">10km<\/option>/);
    expect(html).toContain('name="code"');
    expect(html).toContain("내 위치 사용");
    expect(html).toContain('href="/meeting/repair/search?page=2"');
    expect(html).toContain('aria-current="page"');
    // No exact coordinates of the expert in the page.
    expect(html).not.toContain("37.52");
  });

  it("says when nobody is near, and shows a refusal with what was asked", () => {
    const html = render(MeetingSearch, "/meeting/repair/search?r=9", {
      ...searchData,
      values: { ...searchData.values, r: "9" },
      experts: [],
      hasNext: false,
      error: { code: "invalid_radius", message: "검색 반경을 목록에서 골라 주세요." },
    });
    expect(html).toContain("이 반경 안에 전문가가 없습니다.");
    expect(html).toContain('role="alert"');
    expect(html).toContain("검색 반경을 목록에서 골라 주세요.");
    expect(html).not.toContain("page=2");
  });

  it("keeps the device's position in the form and renders the map's place on the server, in English", () => {
    const html = render(MeetingSearch, "/en/meeting/pickup/search?lat=37.5&lng=127&view=map", {
      ...searchData,
      kind: "pickup",
      view: "map",
      values: { ...searchData.values, lat: "37.5", lng: "127" },
      origin: { source: "device", lat: 37.5, lng: 127 },
      sentPosition: true,
      filter: { param: "code", labelKey: "finder.search.pickupItem", options: [] },
      codeLabels: {},
      experts: [
        { ...card, business: false, skill: { ...card.skill, kind: "pickup", codes: [], priceGuide: 0 } },
      ],
    });
    expect(html).toContain("Find Pickup experts");
    expect(html).toContain("Around my device&#x27;s location");
    expect(html).toContain('name="lat" value="37.5"');
    expect(html).toContain("Loading the map…");
    expect(html).toContain("Free");
    expect(html).toContain('href="/en/meeting/pickup/request?skill=41"');
    expect(html).not.toContain("Business");
  });
});

describe("the kind page", () => {
  it("explains the kind and starts the search", () => {
    const html = render(MeetingKind, "/meeting/coaching", { kind: "coaching", rescueProvider: false });
    expect(html).toContain("라이딩 코칭");
    expect(html).toContain("이용 방법");
    expect(html).toContain('href="/meeting/coaching/search"');
    expect(html).not.toContain("/meeting/rescue/call");
  });

  it("puts the one-tap rescue call first, and the calls received for rescue experts", () => {
    const member = render(MeetingKind, "/meeting/rescue", { kind: "rescue", rescueProvider: false });
    expect(member).toContain('href="/meeting/rescue/call"');
    expect(member).toContain("원터치 긴급 출동 요청");
    expect(member).not.toContain('href="/meeting/rescue/calls"');
    const expert = render(MeetingKind, "/en/meeting/rescue", { kind: "rescue", rescueProvider: true });
    expect(expert).toContain('href="/en/meeting/rescue/calls"');
    expect(expert).toContain("One-tap rescue request");
  });
});
