import { expect, expectAccessible, test } from "./fixtures";
import { newAdmin } from "./support/auth";
import { newMember, stubYoutube, writePost } from "./support/community";

// Three complete members sign up before the story starts.
test.describe.configure({ timeout: 180_000 });

const VIDEO = "dQw4w9WgXcQ";

test("a post with an image and a video: comments, likes, keeps and reports; live notification; blinding; private posts; partial search", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "작가", testInfo.workerIndex);
  await stubYoutube(author.page);
  const tag = Date.now().toString(36);
  const title = `섬진강벚꽃길투어기록 ${tag}`;
  const path = await writePost(author.page, {
    title,
    body: "하동에서 구례까지 달린 기록입니다.",
    category: "정보",
    image: true,
    youtube: `https://www.youtube.com/watch?v=${VIDEO}`,
  });
  const article = author.page.locator("article");
  await expect(author.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(article.locator(`img[src^="/uploads/post/"]`)).toHaveCount(1);
  await expect(article.locator(`iframe[src^="https://www.youtube.com/embed/${VIDEO}"]`)).toHaveCount(1);
  await expectAccessible(author.page);
  // The author waits on the board list; the bell there updates without a reload.
  await author.page.goto("/board/free");
  const bell = author.page.getByRole("link", { name: /^알림/ });
  await expect(bell).toHaveAccessibleName("알림");

  const reader = await newMember(browser, "독자", testInfo.workerIndex);
  await stubYoutube(reader.page);
  const page = reader.page;
  await page.goto(path);
  const actions = page.getByTestId("article-actions");
  const comments = page.getByTestId("comments");
  await comments.getByLabel("댓글 쓰기").fill("영상 잘 봤습니다. 다음엔 같이 가요!");
  await comments.getByRole("button", { name: "등록" }).click();
  await expect(comments.getByText("영상 잘 봤습니다. 다음엔 같이 가요!")).toBeVisible();
  await actions.getByRole("button", { name: /^좋아요 \d+개$/ }).click();
  await expect(actions.getByRole("button", { name: "좋아요 1개" })).toHaveAttribute("aria-pressed", "true");
  await actions.getByRole("button", { name: /^보관 \d+개$/ }).click();
  await expect(actions.getByRole("button", { name: "보관 1개" })).toHaveAttribute("aria-pressed", "true");
  await actions.getByRole("button", { name: "이 글 신고" }).click();
  const report = page.getByRole("dialog", { name: "이 글 신고" });
  await report.getByLabel("신고 사유").fill("테스트 신고: 광고로 보입니다");
  await report.getByRole("button", { name: "신고하기" }).click();
  await expect(page.getByText("신고가 접수되었습니다.")).toBeVisible();
  await page.goto("/my");
  await expectAccessible(page);
  await page.getByRole("link", { name: "보관한 글" }).click();
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", path);

  // The comment and the like reached the author while their page stayed open.
  await expect(bell).toHaveAccessibleName("알림 2개 읽지 않음");
  await bell.click();
  await expect(author.page.getByText(`${reader.nickname}님이 회원님의 글`).first()).toBeVisible();

  // Korean partial-word search finds the post (part of one long word of its title).
  await page.goto(`/search/result?q=${encodeURIComponent("벚꽃길")}`);
  await expect(
    page.getByTestId("search-hit").filter({ hasText: tag }).getByRole("link", { name: title }),
  ).toBeVisible();

  // A private post is refused to others everywhere: its page, the list (a locked row) and search.
  const secret = `비밀정비일지 ${tag}`;
  const secretPath = await writePost(author.page, {
    title: secret,
    body: "나만 보는 정비 기록",
    private: true,
  });
  const refused = await page.goto(secretPath);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("이 글을 읽을 권한이 없습니다.")).toBeVisible();
  await expect(page.getByText("나만 보는 정비 기록")).toHaveCount(0);
  await page.goto("/board/free");
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.goto(`/search/result?q=${encodeURIComponent("정비일지")}`);
  await expect(page.getByText(secret)).toHaveCount(0);
  await author.page.goto(`/search/result?q=${encodeURIComponent("정비일지")}`);
  await expect(author.page.getByRole("link", { name: secret })).toBeVisible();

  // A member who hides the author sees the author's post blinded in the list and on its page, one reveal at a time.
  const blinder = await newMember(browser, "숨김", testInfo.workerIndex);
  await blinder.page.goto(`/profile/${author.id}`);
  await blinder.page.getByRole("button", { name: "숨기기" }).click();
  await blinder.page.getByRole("alertdialog").getByRole("button", { name: "숨기기" }).click();
  await expect(blinder.page.getByRole("status")).toHaveText("회원을 숨겼습니다.");
  await blinder.page.goto("/board/free");
  const row = blinder.page.getByRole("listitem").filter({ hasText: "숨긴 회원의 글입니다." }).first();
  await expect(row).toBeVisible();
  await expect(blinder.page.getByRole("link", { name: title })).toHaveCount(0);
  await blinder.page.goto(path);
  await expect(blinder.page.getByText("숨긴 회원의 글입니다.").first()).toBeVisible();
  await expect(blinder.page.getByText("하동에서 구례까지 달린 기록입니다.")).toHaveCount(0);
  await blinder.page.getByRole("button", { name: "보기" }).first().click();
  await expect(blinder.page.getByText("하동에서 구례까지 달린 기록입니다.")).toBeVisible();
  await expectAccessible(blinder.page);

  for (const member of [author, reader, blinder]) await member.context.close();
});

test("administrators see reports with their reasons and delete what was reported", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "광고꾼", testInfo.workerIndex);
  const title = `초특가 헬멧 판매 ${Date.now().toString(36)}`;
  const path = await writePost(author.page, { title, body: "링크로 연락 주세요" });
  const reader = await newMember(browser, "신고인", testInfo.workerIndex);
  await reader.page.goto(path);
  await reader.page.getByTestId("article-actions").getByRole("button", { name: "이 글 신고" }).click();
  const dialog = reader.page.getByRole("dialog", { name: "이 글 신고" });
  await dialog.getByLabel("신고 사유").fill("자유게시판에 올린 판매 광고입니다");
  await dialog.getByRole("button", { name: "신고하기" }).click();
  await expect(reader.page.getByText("신고가 접수되었습니다.")).toBeVisible();

  // Members cannot see the reports.
  expect((await reader.page.goto("/admin/report"))?.status()).toBe(404);

  const admin = await newAdmin(browser, "198.51.100.250");
  await admin.goto("/admin/report");
  await expectAccessible(admin);
  const item = admin.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByText("사유: 자유게시판에 올린 판매 광고입니다")).toBeVisible();
  await expect(item.getByText(`신고자 ${reader.nickname}`)).toBeVisible();
  await item.getByRole("button", { name: "삭제" }).click();
  await admin
    .getByRole("alertdialog", { name: /신고된 콘텐츠를 삭제할까요/ })
    .getByRole("button", { name: "삭제" })
    .click();
  await expect(admin.getByText("콘텐츠를 삭제하고 신고를 처리했습니다.")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);

  const gone = await reader.page.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(reader.page.getByRole("heading", { name: "삭제되었거나 없는 게시글입니다" })).toBeVisible();

  for (const context of [author.context, reader.context, admin.context()]) await context.close();
});
