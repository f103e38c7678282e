import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import MySkills from "./skill";

function render(path: string, loaderData: unknown) {
  const Component = MySkills as unknown as ComponentType<{ loaderData: unknown }>;
  const router = createMemoryRouter([{ path: "*", element: <Component loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const options = {
  locations: [{ id: 3, name: { ko: "서울 마포구", en: "Mapo-gu, Seoul" }, isMain: true }],
  models: [{ modelId: 1, name: { ko: "혼다 포르자 350", en: "Honda Forza 350" } }],
  codes: {
    repair: [{ code: "engineOil", label: { ko: "엔진오일 교환", en: "Oil Change" } }],
    rescue: [{ code: "towing", label: { ko: "견인", en: "Towing" } }],
    pickup: [{ code: "parts", label: { ko: "부품", en: "Parts" } }],
  },
  business: false,
};

const rescue = {
  id: 9,
  kind: "rescue",
  modelId: null,
  model: null,
  repairLevel: null,
  outsideRepair: false,
  codes: [{ code: "towing", label: { ko: "견인", en: "Towing" } }],
  truck: true,
  entries: ["야간 출동"],
  area: { ko: "서울 마포구", en: "Mapo-gu, Seoul" },
  radiusKm: 15,
  priceGuide: 30000,
  availability: { days: [], from: null, to: null, onCall: true },
  active: true,
  locationId: 3,
};

const page = {
  skills: [rescue],
  options,
  ban: null,
  add: {
    owner: null,
    repair: null,
    coaching: { reason: "coachingYears", years: 2 },
    rescue: { reason: "exists" },
    pickup: null,
  },
  editId: null,
  openKind: null,
};

describe("the skills page", () => {
  it("shows a card per skill with its switch, details and a delete that asks first", () => {
    const html = render("/my/skill", page);
    expect(html).toContain('role="switch"');
    expect(html).toContain('aria-checked="true"');
    expect(html).toContain("언제든 출동");
    expect(html).toContain("서울 마포구 반경 15km");
    expect(html).toContain("1회 30,000원");
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('href="/my/skill?edit=9"');
    expect(html).toContain("라이딩 경력 3년 이상부터 등록할 수 있습니다. 지금 경력: 2년");
    expect(html).toContain("추천: 오너 과외 시간당 10,000원");
    expect(html).not.toContain('href="/meeting/owner"');
  });

  it("explains the five kinds when there is no skill, and opens the edit form in English", () => {
    const empty = render("/my/skill?add=owner", { ...page, skills: [], openKind: "owner" });
    for (const kind of ["owner", "repair", "coaching", "rescue", "pickup"])
      expect(empty).toContain(`href="/meeting/${kind}"`);
    const editing = render("/en/my/skill?edit=9", { ...page, editId: 9 });
    expect(editing).toContain('name="skillId" value="9"');
    expect(editing).toContain("On call at any time");
    expect(editing).toContain('value="야간 출동"');
    expect(editing).toContain('href="/en/my/skill"');
  });

  it("tells a banned member why nothing can be added", () => {
    const html = render("/my/skill", { ...page, ban: { until: "2026-04-01" } });
    expect(html).toContain("2026-04-01까지");
    expect(html).not.toContain("재능 추가");
  });
});
