import { writePost } from "./support/community";
import { expect, test } from "./fixtures";
import { signedInMember } from "./support/seed";

test("visitors are sent to sign in", async ({ page }) => {
  await page.goto("/search");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsearch$/);
  await page.goto(`/search/result?q=${encodeURIComponent("라이더")}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsearch%2Fresult%3Fq%3D/);
  const api = await page.request.get("/api/search?q=x");
  expect(api.status()).toBe(401);
});

test("a member finds a rider by part of the nickname, grouped by area, and manages recent searches", async ({
  page,
  visit,
}) => {
  await signedInMember(page);
  await page.goto("/");
  await page.getByRole("link", { name: "통합 검색" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("통합 검색");
  await expect(page.getByText("최근 검색어가 없습니다.")).toBeVisible();

  // An empty query is explained, and the search box stays.
  await page.getByRole("searchbox", { name: "검색어" }).fill("   ");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("검색어를 입력해 주세요.");
  // One character asks for two, and stays in the box.
  await page.getByRole("searchbox", { name: "검색어" }).fill("정");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("검색어를 2자 이상 입력해 주세요.");
  await expect(page.getByRole("searchbox", { name: "검색어" })).toHaveValue("정");

  await page.getByRole("searchbox", { name: "검색어" }).fill("  라이더 ");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/\/search\/result\?q=/);
  await expect(page.getByRole("status")).toContainText("'라이더' 검색 결과");
  const members = page.getByRole("region", { name: /^회원/ });
  await expect(members.getByTestId("area-count")).toHaveText("1건");
  // The nickname opens the member menu.
  await expect(members.getByRole("button", { name: "한강라이더민수" })).toHaveAttribute(
    "aria-haspopup",
    "menu",
  );
  await expect(members.locator("mark")).toHaveText("라이더");
  await expect(members.getByText("데모 계정 · 주말마다 한강과 북악을 달립니다")).toBeVisible();
  await expect(page.getByRole("region", { name: /^게시판/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /^방명록/ })).toBeVisible();
  await visit(page.url().replace(/^https?:\/\/[^/]+/, ""));

  // One area's own page, as "더 보기" opens it.
  await visit(`/search/result?q=${encodeURIComponent("라이더")}&area=member`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("회원1건");
  await expect(page.getByText("마지막 결과입니다.")).toBeVisible();
  await page.getByRole("link", { name: "전체 결과 보기" }).click();
  await expect(page).toHaveURL(/\/search\/result\?q=%EB%9D%BC%EC%9D%B4%EB%8D%94$/);

  await members.getByRole("button", { name: "한강라이더민수" }).click();
  await page
    .getByRole("menu", { name: "한강라이더민수" })
    .getByRole("menuitem", { name: "프로필 보기" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("한강라이더민수");

  await page.goto(`/search`);
  await page.getByRole("searchbox", { name: "검색어" }).fill("없는검색어쀍");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByText("'없는검색어쀍'에 대한 검색 결과가 없습니다.")).toBeVisible();
  // A link to results (from another site, say) shows them without adding to the recent searches.
  await page.goto(`/search/result?q=${encodeURIComponent("심어둔검색어")}`);
  await expect(page.getByText("'심어둔검색어'에 대한 검색 결과가 없습니다.")).toBeVisible();

  await visit("/search");
  const recent = page.getByRole("region", { name: "최근 검색어" });
  await expect(recent.getByRole("listitem")).toHaveText(["없는검색어쀍", "라이더"]);
  // The row leaves the list at once; the page is reloaded once the server has answered the deletion.
  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/search.data",
  );
  await recent.getByRole("button", { name: "'없는검색어쀍' 검색어 삭제" }).click();
  await expect(recent.getByRole("listitem")).toHaveText(["라이더"]);
  expect((await deleted).ok()).toBe(true);
  await page.reload();
  await expect(recent.getByRole("listitem")).toHaveText(["라이더"]);

  await recent.getByRole("link", { name: "라이더" }).click();
  await expect(page).toHaveURL(/\/search\/result\?q=%EB%9D%BC%EC%9D%B4%EB%8D%94$/);
  await page.goBack();

  await recent.getByText("전체 삭제").click();
  await expect(recent.getByText("최근 검색어 1개를 모두 삭제할까요? 되돌릴 수 없습니다.")).toBeVisible();
  await recent.getByRole("button", { name: "모두 삭제" }).click();
  await expect(recent.getByRole("status")).toHaveText("최근 검색어를 모두 삭제했습니다.");
  await expect(recent.getByText("최근 검색어가 없습니다.")).toBeVisible();
});

test("search and removal work without JavaScript", async ({ page, browser }) => {
  await signedInMember(page);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "Accept-Language": "ko-KR,ko;q=0.9", "X-Forwarded-For": "198.51.100.253" },
  });
  const noScript = await plain.newPage();
  await noScript.goto("/search");
  await noScript.getByRole("searchbox", { name: "검색어" }).fill("서연");
  await noScript.getByRole("button", { name: "검색", exact: true }).click();
  await expect(noScript.getByRole("link", { name: "코칭서연" })).toBeVisible();
  await noScript.goto("/search");
  await noScript.getByRole("button", { name: "'서연' 검색어 삭제" }).click();
  await expect(noScript.getByText("최근 검색어가 없습니다.")).toBeVisible();
  await plain.close();
});

test("the English search pages", async ({ page, visit }) => {
  await signedInMember(page);
  await visit("/en/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(page.getByText("No recent searches.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search words" }).fill("투어러");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\/result\?q=/);
  await expect(page.getByRole("status")).toHaveText("Results for '투어러': 1");
  const members = page.getByRole("region", { name: /^Members/ });
  await members.getByRole("button", { name: "투어러태호" }).click();
  await expect(
    page.getByRole("menu", { name: "투어러태호" }).getByRole("menuitem", { name: "View profile" }),
  ).toHaveAttribute("href", /^\/en\/profile\//);
  await page.keyboard.press("Escape");
  await expect(page.getByText("Nothing found in Guestbook.")).toBeVisible();
  await expect(page).toHaveTitle("Results for '투어러': 1 | Moto Mate");
  await page.goto(`/en/search/result?q=${"a".repeat(51)}`);
  await expect(page.getByRole("alert")).toHaveText("Search words can be at most 50 characters.");
  await page.getByRole("searchbox", { name: "Search words" }).fill("a");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter 2 or more characters to search.");
});

test.describe("articles", () => {
  test("a post written on a board is found by a Korean part of its title, highlighted", async ({ page }) => {
    await signedInMember(page);
    const tag = Date.now().toString(36);
    await writePost(page, {
      title: `엔진오일정비후기 ${tag}`,
      body: `오일 교환 주기를 정리했습니다 ${tag}`,
      category: "정보",
    });

    await page.goto(`/search/result?q=${encodeURIComponent("정비")}`);
    const boards = page.getByRole("region", { name: /^게시판/ });
    const hit = boards.getByTestId("search-hit").filter({ hasText: tag });
    await expect(hit.getByRole("link", { name: `엔진오일정비후기 ${tag}` })).toBeVisible();
    await expect(hit.locator("mark").first()).toHaveText("정비");
    await expect(hit.getByText("자유")).toBeVisible();
  });
});
