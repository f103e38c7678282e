import { expect, test } from "./fixtures";
import { newAdmin } from "./support/auth";
import { signedInMember } from "./support/seed";

test("board lists for visitors: boards, order, categories and search", async ({ page, visit }) => {
  await visit("/board/total");
  await expect(page.getByRole("heading", { level: 1, name: "전체 글" })).toBeVisible();
  await expect(page).toHaveTitle("전체 글 | 모토메이트");
  const boards = page.getByRole("navigation", { name: "게시판 목록" });
  for (const name of [
    "전체 글",
    "Q&A",
    "자유",
    "이슈",
    "루트",
    "라이딩",
    "튜닝",
    "갤러리",
    "업체",
    "도난 신고",
    "차량 관리",
  ])
    await expect(boards.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "로그인하고 글쓰기" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent("/board/write")}`,
  );

  await boards.getByRole("link", { name: "Q&A", exact: true }).click();
  await expect(page).toHaveURL(/\/board\/qna$/);
  await expect(page.getByRole("heading", { level: 1, name: "Q&A" })).toBeVisible();
  await page.getByRole("navigation", { name: "정렬" }).getByRole("link", { name: "인기순" }).click();
  await expect(page).toHaveURL(/\/board\/qna\?sort=popular$/);
  await expect(page.getByRole("link", { name: "인기순" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("navigation", { name: "카테고리" }).getByRole("link", { name: "정비" }).click();
  await expect(page).toHaveURL(/\/board\/qna\?sort=popular&category=maintenance$/);
  await expect(page.getByRole("link", { name: "정비" })).toHaveAttribute("aria-current", "true");

  // A search that finds nothing says so; the order and category stay, and the canonical link keeps only them.
  const words = `없는낱말${Date.now()}`;
  await page.getByRole("searchbox", { name: "게시글 검색" }).fill(words);
  await page.getByRole("main").getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByText("찾는 게시글이 없습니다. 다른 낱말로 검색해 보세요.")).toBeVisible();
  await expect(page.getByText(`‘${words}’ 검색 결과`)).toBeVisible();
  await page.goto(`/board/qna?sort=popular&category=maintenance&q=${words}&cursor=abc&utm_source=x`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/board/qna\\?category=maintenance&sort=popular&q=${encodeURIComponent(words)}$`),
  );
  await page.getByRole("link", { name: "검색 지우기" }).click();
  await expect(page).toHaveURL(/\/board\/qna\?sort=popular&category=maintenance$/);

  // In English.
  await visit("/en/board/free");
  await expect(page.getByRole("heading", { level: 1, name: "Free Talk" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to write" })).toBeVisible();
});

test("members: the write link, the guestbook and their own articles and comments", async ({
  page,
  visit,
}) => {
  await signedInMember(page);
  await visit("/board/riding");
  await expect(page.getByRole("link", { name: "글쓰기" })).toHaveAttribute(
    "href",
    "/board/write?kind=riding",
  );
  await visit("/board/guestbook");
  await expect(page.getByRole("heading", { level: 1, name: "방명록" })).toBeVisible();
  await expect(page.getByRole("link", { name: "방명록 쓰기" })).toHaveAttribute(
    "href",
    "/board/guestbook/write",
  );
  await visit("/my/article");
  await expect(page.getByRole("heading", { level: 1, name: "내가 쓴 글" })).toBeVisible();
  await expect(page.getByText("아직 쓴 게시글이 없습니다.")).toBeVisible();
  await page
    .getByRole("navigation", { name: "내 글 종류" })
    .getByRole("link", { name: "댓글", exact: true })
    .click();
  await expect(page).toHaveURL(/\/my\/article\?tab=comments$/);
  await expect(page.getByText("아직 쓴 댓글이 없습니다.")).toBeVisible();
  // The category page is for administrators only.
  expect((await page.goto("/admin/board"))?.status()).toBe(404);
});

test("unknown boards are 404; deleted or missing posts have their own state; the guestbook is for members", async ({
  page,
  visit,
}) => {
  expect((await page.goto("/board/nope"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not Found!" })).toBeVisible();
  expect((await page.goto("/board/nope/1"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not Found!" })).toBeVisible();

  expect((await page.goto("/board/free/987654321"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "삭제되었거나 없는 게시글입니다" })).toBeVisible();
  await visit("/board/total/987654321");
  await page.getByRole("link", { name: "목록으로" }).click();
  await expect(page).toHaveURL(/\/board\/total$/);

  // An address whose id cannot exist goes back to its list (the expired-article guard).
  await page.goto("/board/free/not-a-number");
  await expect(page).toHaveURL(/\/board\/free$/);

  await page.goto("/board/guestbook");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fboard%2Fguestbook$/);
  await page.goto("/board/guestbook/1");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fboard%2Fguestbook%2F1$/);
});

test("administrators manage board categories; deleting states how many posts go and asks first", async ({
  browser,
}) => {
  // Two-step verification is set up first: this test does more than most.
  test.setTimeout(60_000);
  const admin = await newAdmin(browser, "198.51.100.252");

  await admin.goto("/admin/board");
  await expect(admin.getByRole("heading", { level: 1, name: "게시판 카테고리 관리" })).toBeVisible();
  const qna = admin.getByRole("region", { name: "Q&A", exact: true });
  await expect(qna.getByText("정비", { exact: true })).toBeVisible();

  // Names are required in both languages; what was typed stays.
  await qna.getByLabel("이름 (한국어)").last().fill("타이어");
  await qna.getByRole("button", { name: "카테고리 추가" }).click();
  await expect(admin.getByRole("alert")).toHaveText("카테고리 이름을 한국어와 영어로 모두 입력해 주세요.");
  await expect(qna.getByLabel("이름 (한국어)").last()).toHaveValue("타이어");
  await qna.getByLabel("이름 (영어)").last().fill("Tyres");
  await qna.getByRole("button", { name: "카테고리 추가" }).click();
  await expect(admin.getByRole("status")).toHaveText("카테고리를 추가했습니다.");

  const added = qna.getByRole("listitem").filter({ hasText: "타이어" });
  await added.getByText("타이어").click();
  await added.getByLabel("이름 (한국어)").fill("타이어·휠");
  await added.getByRole("button", { name: "이름 고치기" }).click();
  await expect(admin.getByRole("status")).toHaveText("카테고리 이름을 고쳤습니다.");

  await admin.goto("/board/qna");
  await expect(
    admin.getByRole("navigation", { name: "카테고리" }).getByRole("link", { name: "타이어·휠" }),
  ).toBeVisible();

  await admin.goto("/admin/board");
  const renamed = admin
    .getByRole("region", { name: "Q&A", exact: true })
    .getByRole("listitem")
    .filter({ hasText: "타이어·휠" });
  await renamed.getByText("타이어·휠").click();
  await renamed.getByRole("button", { name: "삭제" }).click();
  const question = renamed.getByRole("alert");
  await expect(question).toContainText("이 카테고리의 게시글 0개가 삭제됩니다. 계속하시겠습니까?");
  await question.getByRole("button", { name: "게시글 0개 삭제하고 계속" }).click();
  await expect(admin.getByRole("status")).toHaveText("카테고리와 게시글 0개를 삭제했습니다.");
  await expect(admin.getByText("타이어·휠")).toHaveCount(0);
  await admin.context().close();
});
