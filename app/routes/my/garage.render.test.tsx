import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import AdminMotorcycleReports from "../admin/motorcycle-report";
import ReportMotorcycle from "../report/motorcycle";
import MyGarage from "./garage";

function render(Page: ComponentType<never>, path: string, loaderData: unknown) {
  const Component = Page as ComponentType<{ loaderData: unknown }>;
  const router = createMemoryRouter([{ path: "*", element: <Component loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const bike = {
  id: 7,
  motorcycleId: 11,
  modelId: 1,
  year: 2023,
  nameEn: "Forza 350",
  nameKo: "포르자 350",
  manufacturerEn: "Honda",
  manufacturerKo: "혼다",
  ownedSince: "2024-03-01",
  odometerKm: 12000,
  photo: { url: "/uploads/post/a.webp", thumbnailUrl: "/uploads/post/a.thumb.webp" },
};

const garage = {
  bikes: [bike],
  query: "forza",
  results: [
    {
      modelId: 1,
      nameEn: "Forza 350",
      nameKo: "포르자 350",
      manufacturerEn: "Honda",
      manufacturerKo: "혼다",
      years: [
        { id: 12, year: 2024 },
        { id: 11, year: 2023 },
      ],
    },
  ],
  chosenId: null,
  editId: null,
  latestMonth: "2026-11",
  limit: 10,
  reminders: {
    7: [
      {
        work: "oil",
        state: "due",
        interval: { enabled: true, months: 6, km: 3000 },
        last: null,
        dueOn: "2026-10-01",
        dueKm: null,
      },
      {
        work: "chain",
        state: "soon",
        interval: { enabled: true, months: 3, km: 1000 },
        last: null,
        dueOn: "2026-12-01",
        dueKm: null,
      },
    ],
  },
};

describe("the garage page", () => {
  it("lists bikes with photo, month and odometer, search results, and asks before removing", () => {
    const html = render(MyGarage, "/my/garage?q=forza", garage);
    expect(html).toContain("혼다 포르자 350");
    expect(html).toContain("2023년식");
    expect(html).toContain("2024년 3월부터");
    expect(html).toContain("12,000km");
    expect(html).toContain('src="/uploads/post/a.thumb.webp"');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('href="/my/garage?q=forza&amp;model=1"');
    expect(html).toContain('href="/report/motorcycle"');
    expect(html).toContain("1/10대");
    expect(html).toContain('href="/my/garage/7/log"');
    expect(html).toContain("정비 시기: 엔진오일");
    expect(html).toContain("곧 정비: 체인");
  });

  it("shows the add form of a chosen model and the edit form of a bike, in English too", () => {
    const html = render(MyGarage, "/en/my/garage?q=forza&model=1&edit=7", {
      ...garage,
      chosenId: 1,
      editId: 7,
    });
    expect(html.match(/encType="multipart\/form-data"/g)).toHaveLength(2);
    expect(html).toContain("2024 model");
    expect(html).toContain('name="ownedSince"');
    expect(html).toContain('value="2024-03"');
    expect(html).toContain("Remove photo");
    expect(html).toContain("Add to garage");
  });

  it("says when the garage is empty or full", () => {
    expect(render(MyGarage, "/my/garage", { ...garage, bikes: [], query: "", results: [] })).toContain(
      "차고에 등록한 모터사이클이 없습니다.",
    );
    const full = render(MyGarage, "/my/garage", {
      ...garage,
      bikes: Array.from({ length: 10 }, (_, i) => ({ ...bike, id: i + 1 })),
    });
    expect(full).toContain("차고에는 최대 10대까지 등록할 수 있습니다.");
    expect(full).not.toContain('name="q"');
  });
});

describe("the report page", () => {
  it("shows the form and the member's reports with their states", () => {
    const html = render(ReportMotorcycle, "/report/motorcycle", {
      latestYear: 2027,
      token: "0123456789abcdef0123",
      reports: [
        {
          id: 1,
          manufacturer: "Honda",
          model: "CB650R",
          releaseYear: 2024,
          specUrl: "https://www.honda.co.kr",
          status: "rejected",
          decisionReason: "중복",
          createdAt: "2026.11.20",
        },
        {
          id: 2,
          manufacturer: "KTM",
          model: "390 Duke",
          releaseYear: 2025,
          specUrl: "https://ktm.com",
          status: "accepted",
          decisionReason: null,
          createdAt: "2026.11.21",
        },
      ],
    });
    expect(html).toContain("200P를 드립니다");
    expect(html).toContain('name="manufacturer"');
    expect(html).toContain("1900년부터 2027년까지");
    expect(html).toContain("반려 사유: 중복");
    expect(html).toContain("200P 지급");
    const empty = render(ReportMotorcycle, "/en/report/motorcycle", {
      latestYear: 2027,
      token: "x",
      reports: [],
    });
    expect(empty).toContain("You have not reported any model yet.");
  });
});

describe("the administrator's report page", () => {
  it("offers accepting with figures, as an existing year, and rejecting with a reason", () => {
    const html = render(AdminMotorcycleReports, "/admin/motorcycle-report", {
      status: null,
      latestYear: 2027,
      reports: [
        {
          id: 3,
          manufacturer: "Honda",
          model: "CB650R",
          releaseYear: 2024,
          specUrl: "https://www.honda.co.kr/cb650r",
          status: "submitted",
          decisionReason: null,
          motorcycleId: null,
          createdAt: "2026.11.20",
          decidedAt: null,
          reporterNickname: "라이더",
          transitions: ["accept", "reject"],
          suggestion: {
            manufacturerKo: "혼다",
            modelEn: "CB650R",
            modelKo: "",
            category: null,
            modelYears: [{ id: 11, label: "Honda CB650R (2023)" }],
          },
        },
      ],
    });
    expect(html).toContain("Honda CB650R (2024)");
    expect(html).toContain('href="https://www.honda.co.kr/cb650r"');
    expect(html).toContain('name="peakPowerPs"');
    expect(html).toContain("Honda CB650R (2023)");
    expect(html).toContain('name="reason"');
    expect(html).toContain("채택하고 200P 지급");
    expect(html).toContain('aria-current="page"');
  });
});
