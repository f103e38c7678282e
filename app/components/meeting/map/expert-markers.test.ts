import { describe, expect, it } from "vitest";
import { gridTile, loader as tileLoader } from "#app/routes/map-tile";
import {
  avatarMarkerHtml,
  boundsOf,
  clusterExperts,
  expertMarker,
  expertPopupHtml,
  type ExpertPin,
} from "./expert-markers";

const pin: ExpertPin = {
  id: "41",
  lat: 37.5264,
  lng: 126.8962,
  nickname: "정비<왕>",
  avatarUrl: "/uploads/avatar/a.webp",
  summary: "서울특별시 영등포구 · 1.2km",
  detail: "평점 4.5 (2) · 응답률 67%",
  requestHref: "/meeting/repair/request?skill=41",
  requestLabel: "만남 요청",
};

describe("the finder's map helpers", () => {
  it("raise the spec's errors on missing data", () => {
    expect(() => clusterExperts([], 10)).toThrow("클러스터 할 입력값이 없습니다.");
    expect(() => expertMarker({ nickname: "x", avatarUrl: null })).toThrow("마커 위치가 존재하지 않습니다.");
    expect(() => expertMarker({ ...pin, avatarUrl: " " })).toThrow("이미지 경로가 존재하지 않습니다.");
    expect(() => avatarMarkerHtml(pin, { src: "" })).toThrow("이미지 경로가 존재하지 않습니다.");
    expect(() => expertPopupHtml({ ...pin, lat: Number.NaN })).toThrow(
      "인포윈도우 위치가 존재하지 않습니다.",
    );
  });

  it("draw the avatar as an <img> (or initials) and escape every text of the info window", () => {
    expect(avatarMarkerHtml(pin)).toContain('<img src="/uploads/avatar/a.webp"');
    expect(avatarMarkerHtml(pin)).toContain('title="정비&#60;왕&#62;"');
    expect(avatarMarkerHtml({ nickname: "moto mate", avatarUrl: null })).toContain(">MM</span>");
    const popup = expertPopupHtml(pin);
    expect(popup.html).toContain("<strong>정비&#60;왕&#62;</strong>");
    expect(popup.html).toContain('href="/meeting/repair/request?skill=41"');
    expect(popup.html).not.toContain("<왕>");
    expect(popup).toMatchObject({ removable: true, range: 500 });
    expect(expertMarker(pin)).toMatchObject({ clickable: true, image: { width: 36, height: 36 } });
  });

  it("cluster experts of one district and keep their pins apart when zoomed in", () => {
    const pins = [pin, { ...pin, id: "42" }, { ...pin, id: "43", lat: 35.1796, lng: 129.0756 }];
    const far = clusterExperts(pins, 7);
    expect(far.find((item) => item.kind === "cluster")).toMatchObject({ count: 2 });
    expect(far.find((item) => item.kind === "point")?.pin?.id).toBe("43");
    expect(boundsOf({ lat: 37, lng: 127 }, pins)).toEqual([
      [35.1796, 126.8962],
      [37.5264, 129.0756],
    ]);
  });
});

describe("the app's own tiles", () => {
  it("serves a cached grid SVG for tiles inside the zoom's grid, and 404 outside it", async () => {
    const answer = tileLoader({ params: { z: "3", x: "6", y: "2.svg" } } as never);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(answer.headers.get("Cache-Control")).toContain("max-age=86400");
    expect(await answer.text()).toBe(gridTile(3, 6, 2));
    expect(tileLoader({ params: { z: "3", x: "8", y: "0.svg" } } as never).status).toBe(404);
    expect(tileLoader({ params: { z: "20", x: "0", y: "0" } } as never).status).toBe(404);
    expect(tileLoader({ params: { z: "1", x: "-1", y: "0" } } as never).status).toBe(404);
  });
});
