import type { Browser, Locator, Page } from "@playwright/test";
import { phoneJpeg } from "../../app/services/uploads/test-images";
import { expect, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { signedInMember } from "./support/seed";

const HOUR_MS = 60 * 60 * 1000;

/** Another member (or an administrator), signed in in a browser context of their own, with their own address. */
async function memberPage(
  browser: Browser,
  address: string,
  label: string,
  role: "member" | "admin" = "member",
) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  await signedInMember(page, { role, nickname });
  return { page, nickname };
}

/** The member's point balance as /point shows it. */
async function pointBalance(page: Page): Promise<number> {
  await page.goto("/point");
  const text = await page.getByTestId("point-balance").textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

/** Adds a model year to the comparison from the search page: found by a (Korean or English) part of its name. */
async function addToComparison(page: Page, query: string, label: string) {
  const search = page.getByRole("search", { name: "비교할 모델 찾기" });
  await search.getByLabel("모델 이름").fill(query);
  await search.getByRole("button", { name: "찾기", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: /검색 결과/ })).toBeVisible();
  await page.getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(/\/specCompare\/select\?ids=/);
}

interface ReviewDraft {
  query: string;
  model: string;
  year: number;
  disadvantage: string;
  photos: number;
}

const ratings: [string, string][] = [
  ["주행 성능", "8"],
  ["제동", "7"],
  ["엔진 특성", "8"],
  ["내구성·신뢰성", "9"],
  ["디자인", "9"],
  ["마감 품질", "8"],
  ["편의성", "10"],
  ["유지비", "7"],
  ["가성비", "8"],
];

/** Picks the model year, fills the nine ratings, the disadvantage, photos and tags, previews and publishes. */
async function writeReview(page: Page, draft: ReviewDraft): Promise<string> {
  await page.goto("/review/motorcycle/write/search");
  await page.getByRole("searchbox", { name: "모델 검색" }).fill(draft.query);
  await page.getByRole("searchbox", { name: "모델 검색" }).press("Enter");
  const model = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: draft.model }) });
  await model.getByRole("link", { name: `${draft.year}년식 리뷰 쓰기` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "오너 리뷰 쓰기" })).toBeVisible();
  for (const [item, value] of ratings) await page.getByLabel(item, { exact: true }).selectOption(value);
  await page.getByLabel("편의성 한마디 (선택)").fill("수납공간이 넉넉해서 헬멧 두 개가 들어갑니다.");
  await page.getByLabel("가장 큰 단점 하나").fill(draft.disadvantage);
  const jpeg = await phoneJpeg();
  await page.getByLabel("사진 (1~4장)").setInputFiles(
    Array.from({ length: draft.photos }, (_, index) => ({
      name: `review-${index + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: jpeg,
    })),
  );
  await page.getByLabel("출퇴근용").check();
  await page.getByLabel("수납공간 넉넉").check();
  await page.getByLabel("오너 만남 요청 받기").check();
  await page.getByRole("button", { name: "미리 보기" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "올리기 전에 확인" })).toBeVisible();
  await expect(page.getByText(draft.disadvantage)).toBeVisible();
  await page.getByRole("button", { name: "올리기", exact: true }).click();
  await expect(page).toHaveURL(/\/review\/motorcycle\/detail\?id=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "리뷰를 올렸습니다." })).toBeVisible();
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The administrator's figures for the reported model year (the published figures of the CB1000 Hornet). */
async function fillAcceptForm(report: Locator) {
  await report.getByText("제원을 입력해 채택").click();
  await expect(report.getByLabel("제조사 한글 이름")).toHaveValue("혼다");
  await expect(report.getByLabel("모델 영문 이름")).toHaveValue("CB1000 Hornet");
  await report.getByLabel("모델 한글 이름").fill("CB1000 호넷");
  await report.getByLabel("분류", { exact: true }).selectOption({ label: "네이키드" });
  await report.getByLabel("배기량(cc)").fill("999");
  await report.getByLabel("최고출력(hp)").fill("148");
  await report.getByLabel("최고출력(PS)").fill("150");
  await report.getByLabel("최대토크(Nm)").fill("107");
  await report.getByLabel("시트고(mm)").fill("809");
  await report.getByLabel("무게(kg)").fill("211");
  await report.getByLabel("무게 기준").selectOption({ label: "주행 가능 중량" });
  await report.getByLabel("실린더 수").fill("4");
}

// The review locks 24 hours after posting, which needs the server's clock to move: a server of its own.
ownServerTest(
  "motorcycles: comparison, a missing-model report rewarded once, a review locked after 24 hours, sparks, the podium and point gifts",
  async ({ page, browser, request, visit }) => {
    test.slow();
    const reviewer = uniqueNickname("reviewer");
    await signedInMember(page, { nickname: reviewer });

    // Three model years found by Korean and English names, compared side by side.
    await visit("/specCompare/search");
    await addToComparison(page, "포르자", "포르자 350 2023년식을 비교 목록에 추가");
    await expect(page.getByTestId("selection-count")).toHaveText("비교 목록 1/3대");
    await page.getByRole("link", { name: "모델 더 찾기" }).click();
    await addToComparison(page, "pcx", "PCX 125 2023년식을 비교 목록에 추가");
    await page.getByRole("link", { name: "모델 더 찾기" }).click();
    await addToComparison(page, "nmax", "엔맥스 125 2023년식을 비교 목록에 추가");
    await expect(page.getByTestId("selection-count")).toHaveText("비교 목록 3/3대");
    await expect(page.getByTestId("selected-bike")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "모델 더 찾기" })).toHaveCount(0);
    const ids = new URL(page.url()).searchParams.get("ids")!;
    await visit(`/specCompare/select?ids=${ids}`);
    await page.getByRole("link", { name: "비교하기" }).click();
    await expect(page).toHaveURL(/\/specCompare\/result\?ids=/);
    await expect(page.getByRole("heading", { level: 1, name: "제원 비교 결과" })).toBeVisible();
    await expect(page.getByTestId("compare-column")).toHaveCount(3);
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: /포르자 350/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /PCX 125/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /엔맥스 125/ })).toBeVisible();
    const displacement = table.locator("tr[data-row=displacementCc]");
    await expect(displacement.getByRole("rowheader")).toHaveText("배기량");
    await expect(displacement.getByRole("cell")).toHaveText(["330cc", "125cc", "125cc"]);
    // The Forza's power is the highest of the three, and marked so.
    await expect(table.locator("tr[data-row=peakPowerHp] td[data-better]")).toHaveText(/28\.8hp/);
    await visit(`/specCompare/result?ids=${ids}`);
    // The selection is full: the search offers no more model years to add.
    await visit(`/specCompare/search?ids=${ids}&q=xmax`);
    await expect(
      page.getByRole("status").filter({ hasText: "최대 3대까지 비교할 수 있습니다." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /비교 목록에 추가/ })).toHaveCount(0);

    // A missing model reported; a model the catalogue has is refused with what was typed kept.
    await visit("/report/motorcycle");
    await page.getByLabel("제조사(영문)").fill("Honda");
    await page.getByLabel("모델명(영문·숫자)").fill("Forza 350");
    await page.getByLabel("출시 연식").fill("2023");
    await page.getByLabel("공식 제원 페이지 주소").fill("https://www.honda.co.kr/motorcycle/forza350");
    await page.getByRole("button", { name: "제보하기" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "이미 카탈로그에 있습니다" })).toBeVisible();
    await expect(page.getByLabel("모델명(영문·숫자)")).toHaveValue("Forza 350");
    await page.getByLabel("모델명(영문·숫자)").fill("CB1000 Hornet");
    await page.getByLabel("출시 연식").fill("2025");
    await page
      .getByLabel("공식 제원 페이지 주소")
      .fill("https://www.honda.co.uk/motorcycles/range/street/cb1000-hornet/specifications.html");
    await page.getByRole("button", { name: "제보하기" }).click();
    await expect(page.getByRole("status").filter({ hasText: "제보를 접수했습니다." })).toBeVisible();
    const myReport = page.getByRole("listitem").filter({ hasText: "Honda CB1000 Hornet (2025)" });
    await expect(myReport).toContainText("검토 중");
    const before = await pointBalance(page);

    // The administrator accepts it with its figures; a second acceptance from a page opened before is refused.
    const admin = await memberPage(browser, "198.51.100.241", "admin", "admin");
    await admin.page.goto("/admin/motorcycle-report");
    await expect(admin.page.getByRole("heading", { level: 1, name: "차종 제보 관리" })).toBeVisible();
    const stale = await admin.page.context().newPage();
    await stale.goto("/admin/motorcycle-report");
    const reportOf = (where: Page) =>
      where.getByRole("listitem").filter({ hasText: "Honda CB1000 Hornet (2025)" });
    await fillAcceptForm(reportOf(admin.page));
    await fillAcceptForm(reportOf(stale));
    await reportOf(admin.page).getByRole("button", { name: "채택하고 200P 지급" }).click();
    await expect(
      admin.page
        .getByRole("status")
        .filter({ hasText: "제보를 채택했습니다. 제보자에게 포인트를 지급했습니다." }),
    ).toBeVisible();
    await expect(reportOf(admin.page)).toContainText("채택");
    await expect(reportOf(admin.page).getByRole("button", { name: "채택하고 200P 지급" })).toHaveCount(0);
    await reportOf(stale).getByRole("button", { name: "채택하고 200P 지급" }).click();
    await expect(reportOf(stale).getByRole("alert").first()).toBeVisible();
    await stale.close();

    // The reporter got 200 P exactly once, was told, and the model is in the catalogue.
    expect(await pointBalance(page)).toBe(before + 200);
    await expect(
      page
        .getByRole("list", { name: "포인트 내역" })
        .getByRole("listitem")
        .filter({ hasText: "차종 제보 보상" }),
    ).toHaveCount(1);
    await visit("/report/motorcycle");
    await expect(myReport).toContainText("채택");
    await expect(myReport).toContainText("200P 지급");
    await page.goto("/my/alarm");
    await expect(page.getByText(/카탈로그에 추가되어 200P가 지급되었습니다/)).toBeVisible();
    await page.goto(`/specCompare/search?q=${encodeURIComponent("hornet")}`);
    await expect(page.getByRole("heading", { level: 3, name: /CB1000 호넷/ })).toBeVisible();

    // A review with nine ratings and two photos.
    const reviewPath = await writeReview(page, {
      query: "포르자",
      model: "혼다 포르자 350",
      year: 2023,
      disadvantage: "시트가 높아 키 작은 라이더는 발이 닿기 어렵습니다.",
      photos: 2,
    });
    await expect(page.getByRole("heading", { level: 1, name: /포르자 350/ })).toBeVisible();
    for (const [item, value] of ratings)
      await expect(page.getByRole("meter", { name: item })).toHaveAttribute("aria-valuenow", value);
    await expect(page.getByRole("region", { name: "사진" }).getByRole("img")).toHaveCount(2);
    await expect(page.getByText("시트가 높아 키 작은 라이더는 발이 닿기 어렵습니다.")).toBeVisible();
    await expect(page.getByText("출퇴근용")).toBeVisible();
    await visit(reviewPath);

    // Edited within 24 hours.
    await page.getByRole("link", { name: "고치기" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "리뷰 고치기" })).toBeVisible();
    await expect(page.getByLabel("가장 큰 단점 하나")).toHaveValue(
      "시트가 높아 키 작은 라이더는 발이 닿기 어렵습니다.",
    );
    await page.getByLabel("가장 큰 단점 하나").fill("시트가 높고 차체가 무거워 골목길 유턴이 어렵습니다.");
    await page.getByLabel("제동", { exact: true }).selectOption("6");
    await page.getByRole("button", { name: "미리 보기" }).click();
    await page.getByRole("button", { name: "고친 내용 저장" }).click();
    await expect(page.getByRole("status").filter({ hasText: "리뷰를 고쳤습니다." })).toBeVisible();
    await expect(page.getByText("시트가 높고 차체가 무거워 골목길 유턴이 어렵습니다.")).toBeVisible();
    await expect(page.getByRole("meter", { name: "제동" })).toHaveAttribute("aria-valuenow", "6");

    // A second review, of another model year, by the same rider.
    const secondPath = await writeReview(page, {
      query: "pcx",
      model: "혼다 PCX 125",
      year: 2023,
      disadvantage: "고속도로를 탈 수 없어 장거리에는 아쉽습니다.",
      photos: 1,
    });

    // 24 hours and a minute later the edit form opened before is refused, and so is opening it again.
    const editPath = reviewPath.replace("/detail?", "/write?");
    await page.goto(editPath);
    await expect(page.getByRole("heading", { level: 1, name: "리뷰 고치기" })).toBeVisible();
    const moved = await request.post("/test/clock", { data: { advanceMs: 24 * HOUR_MS + 60_000 } });
    expect(moved.status()).toBe(200);
    await page.getByLabel("가장 큰 단점 하나").fill("잠긴 뒤에 고치려는 내용");
    await page.getByRole("button", { name: "미리 보기" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: /잠겨 더 이상 고칠 수 없습니다. 리뷰는 올린 뒤 24시간 동안만/ }),
    ).toBeVisible();
    await page.goto(editPath);
    await expect(
      page.getByRole("heading", { level: 1, name: /잠겨 더 이상 고칠 수 없습니다/ }),
    ).toBeVisible();
    await page.goto(reviewPath);
    await expect(page.getByText(/에 잠겨 더 이상 고칠 수 없습니다\./)).toBeVisible();
    await expect(page.getByRole("link", { name: "고치기" })).toHaveCount(0);
    await expect(page.getByText("시트가 높고 차체가 무거워 골목길 유턴이 어렵습니다.")).toBeVisible();

    // Another member gives 7, then 3 sparks: the day's 10, and the review's 10.
    const [sparker, fan] = await Promise.all([
      memberPage(browser, "198.51.100.242", "sparker"),
      memberPage(browser, "198.51.100.243", "fan"),
    ]);
    const second = await sparker.page.context().newPage();
    await second.goto(secondPath);
    await expect(second.getByTestId("spark-remaining")).toHaveText("오늘 남은 스파크 10개");
    await sparker.page.goto(reviewPath);
    const control = sparker.page.getByRole("region", { name: "스파크 보내기" });
    await expect(control.getByTestId("spark-remaining")).toHaveText("오늘 남은 스파크 10개");
    await control.getByLabel("보낼 스파크").selectOption("7");
    await control.getByRole("button", { name: "스파크 보내기" }).click();
    await expect(control.getByRole("status")).toHaveText("스파크 7개를 보냈습니다.");
    await expect(control.getByTestId("spark-remaining")).toHaveText("오늘 남은 스파크 3개");
    await control.getByLabel("보낼 스파크").selectOption("3");
    await control.getByRole("button", { name: "스파크 보내기" }).click();
    await expect(control.getByRole("status")).toHaveText("스파크 3개를 보냈습니다.");
    await expect(control.getByTestId("spark-given")).toHaveText("이 리뷰에 보낸 스파크 10/10");
    await expect(control.getByTestId("spark-blocked")).toHaveText(
      "이미 이 리뷰에 스파크 10개를 모두 보냈습니다.",
    );

    // Beyond the daily limit: the page opened before is refused by the server, and the control closes.
    const secondControl = second.getByRole("region", { name: "스파크 보내기" });
    await secondControl.getByLabel("보낼 스파크").selectOption("1");
    await secondControl.getByRole("button", { name: "스파크 보내기" }).click();
    await expect(secondControl.getByRole("alert")).toHaveText(
      "스파크가 부족합니다. 오늘 남은 스파크는 0개입니다.",
    );
    await expect(secondControl.getByTestId("spark-blocked")).toContainText("스파크가 부족합니다.");
    await second.reload();
    await expect(secondControl.getByTestId("spark-blocked")).toContainText(
      "오늘의 스파크를 모두 사용했습니다.",
    );
    await expect(second.locator("[data-spark-count]")).toHaveText("0");
    await second.close();

    // A third member sparks the second review; the podium ranks both once its job has run.
    await fan.page.goto(secondPath);
    const fanControl = fan.page.getByRole("region", { name: "스파크 보내기" });
    await fanControl.getByLabel("보낼 스파크").selectOption("4");
    await fanControl.getByRole("button", { name: "스파크 보내기" }).click();
    await expect(fanControl.getByRole("status")).toHaveText("스파크 4개를 보냈습니다.");
    // A spark brings the podium's computation to within a minute; two minutes on, it has run.
    expect((await request.post("/test/clock", { data: { advanceMs: 2 * 60_000 } })).status()).toBe(200);
    const podium = page.getByRole("region", { name: "스파크 포디움" });
    await expect(async () => {
      await page.goto("/");
      await expect(podium.getByRole("listitem")).toHaveCount(2, { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    const places = podium.getByRole("listitem");
    await expect(places.nth(0)).toContainText("1위");
    await expect(places.nth(0)).toContainText("포르자 350 2023년식");
    await expect(places.nth(0)).toContainText(`${reviewer} 님의 리뷰`);
    await expect(places.nth(0)).toContainText("스파크 10개");
    await expect(places.nth(1)).toContainText("2위");
    await expect(places.nth(1)).toContainText("PCX 125 2023년식");
    await expect(places.nth(1)).toContainText("스파크 4개");
    await visit("/");
    await places.nth(0).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${reviewPath.replace(/[?]/g, "\\?")}$`));
    await visit("/my/spark");
    await expect(page.getByText(`${sparker.nickname} 님`).first()).toBeVisible();

    // The reviewer gifts 100 P to the member who sparked, after confirming.
    const reviewerBefore = await pointBalance(page);
    const sparkerBefore = await pointBalance(sparker.page);
    await visit("/point");
    await page.getByLabel("받는 회원 닉네임").fill(sparker.nickname);
    await page.getByLabel("선물할 포인트").fill("100");
    await page.getByRole("button", { name: "선물하기" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`${sparker.nickname} 님에게 100P를 보낼까요?`);
    await dialog.getByRole("button", { name: "보내기" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `${sparker.nickname} 님에게 100P를 선물했습니다.` }),
    ).toBeVisible();
    await expect(page.getByTestId("point-balance")).toHaveText(
      `${(reviewerBefore - 100).toLocaleString("en-US")}P`,
    );
    expect(await pointBalance(sparker.page)).toBe(sparkerBefore + 100);
    await expect(
      sparker.page
        .getByRole("list", { name: "포인트 내역" })
        .getByRole("listitem")
        .filter({ hasText: `${reviewer} 님` }),
    ).toContainText("+100P");

    // The member who sparked has written no review: no gift form, and the server refuses a gift sent anyway.
    await expect(sparker.page.getByTestId("gift-reviewers-only")).toContainText(
      "바이크 리뷰를 작성한 회원만 포인트를 선물할 수 있습니다.",
    );
    await expect(sparker.page.getByRole("button", { name: "선물하기" })).toHaveCount(0);
    const refused = await sparker.page.request.post("/point", {
      form: { nickname: reviewer, amount: "100", token: crypto.randomUUID() },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("바이크 리뷰를 작성한 회원만 포인트를 선물할 수 있습니다.");
    expect(await pointBalance(sparker.page)).toBe(sparkerBefore + 100);
    expect(await pointBalance(page)).toBe(reviewerBefore - 100);
  },
);

test("the comparison result fits a phone: the table scrolls in its own box, the page not at all, and says its figures in Korean", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  /** The id of the first model year the comparison search finds for a query. */
  const modelYear = async (query: string) => {
    await page.goto(`/specCompare/search?q=${query}`);
    const add = page.getByRole("link", { name: /비교 목록에 추가/ }).first();
    return new URL((await add.getAttribute("href"))!, page.url()).searchParams.get("add");
  };
  const ids = [await modelYear("forza"), await modelYear("pcx"), await modelYear("nmax")].join(",");
  await page.goto(`/specCompare/result?ids=${ids}`);
  await expect(page.getByTestId("compare-column")).toHaveCount(3);
  const table = page.getByRole("table");
  await expect(table.locator("tr[data-row=engineType] td").first()).toContainText(/4행정|단기통/);
  await expect(table.locator("tr[data-row=engineType]")).not.toContainText(/stroke|single/);
  await expect(table.locator("tr[data-row=frontSuspension]")).toContainText("포크");
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The table's own box scrolls; the page stays where it is.
  await page.getByRole("region", { name: / 제원 비교$/ }).evaluate((box) => box.scrollBy(400, 0));
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
});
