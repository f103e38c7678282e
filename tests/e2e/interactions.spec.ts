import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { newMember, writePost } from "./support/community";

// Each test signs up two or three complete members, which takes a while.
test.describe.configure({ timeout: 150_000 });

const actions = (page: Page) => page.getByTestId("article-actions");
const comments = (page: Page) => page.getByTestId("comments");

test("a member comments, replies, likes and keeps; counts change in place and stay after a reload", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "글쓴이", testInfo.workerIndex);
  const title = `양평 라이딩 후기 ${Date.now().toString(36)}`;
  const path = await writePost(author.page, { title, body: "주말에 다녀온 코스를 소개합니다." });
  // The author's own post: no like, keep or report for them.
  await expect(actions(author.page).getByRole("button", { name: "좋아요 0개" })).toBeDisabled();
  await expect(actions(author.page).getByRole("button", { name: "이 글 신고" })).toHaveCount(0);

  const reader = await newMember(browser, "독자", testInfo.workerIndex);
  const page = reader.page;
  await page.goto(path);
  await expectAccessible(page);

  const like = actions(page).getByRole("button", { name: /^좋아요 \d+개$/ });
  // The page shows a toggle at once and ignores clicks until the server has answered it.
  const toggleLike = () =>
    Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/like")),
      like.click(),
    ]);
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await toggleLike();
  await expect(like).toHaveAccessibleName("좋아요 1개");
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await toggleLike();
  await expect(like).toHaveAccessibleName("좋아요 0개");
  await toggleLike();
  await expect(like).toHaveAccessibleName("좋아요 1개");
  const keep = actions(page).getByRole("button", { name: /^보관 \d+개$/ });
  await keep.click();
  await expect(keep).toHaveAccessibleName("보관 1개");
  await expect(keep).toHaveAttribute("aria-pressed", "true");

  // A comment is required; a refused one keeps nothing half-saved.
  await comments(page).getByRole("button", { name: "등록" }).click();
  await expect(comments(page).getByRole("alert")).toHaveText("댓글을 입력해 주세요.");
  await comments(page).getByLabel("댓글 쓰기").fill("저도 다음 주에 가 보려고요!");
  await comments(page).getByRole("button", { name: "등록" }).click();
  await expect(comments(page).getByText("저도 다음 주에 가 보려고요!")).toBeVisible();
  await expect(comments(page).getByRole("heading", { name: "댓글 1" })).toBeVisible();
  await expect(actions(page).getByRole("link", { name: "댓글 1개" })).toBeVisible();
  await expect(comments(page).getByLabel("댓글 쓰기")).toHaveValue("");

  // Replying opens a form that takes the focus; the reply joins the thread.
  await comments(page)
    .getByRole("button", { name: `${reader.nickname}님에게 답글` })
    .click();
  const replyField = comments(page).getByLabel(`${reader.nickname}님에게 답글 쓰기`);
  await expect(replyField).toBeFocused();
  await replyField.fill("주차는 양수역 공영주차장이 편해요");
  await comments(page).getByRole("button", { name: "등록" }).last().click();
  await expect(
    comments(page).locator('li[id^="comment-"]', { hasText: "주차는 양수역 공영주차장이 편해요" }).last(),
  ).toBeFocused();
  await expect(comments(page).getByRole("heading", { name: "댓글 2" })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(like).toHaveAccessibleName("좋아요 1개");
  await expect(keep).toHaveAccessibleName("보관 1개");
  await expect(actions(page).getByRole("link", { name: "댓글 2개" })).toBeVisible();

  // Deleting asks first; the top-level comment with a live reply stays as "deleted".
  await comments(page)
    .getByRole("button", { name: `${reader.nickname}님의 댓글 삭제` })
    .first()
    .click();
  await page
    .getByRole("alertdialog", { name: /댓글을 삭제할까요/ })
    .getByRole("button", { name: "삭제" })
    .click();
  await expect(comments(page).getByText("삭제된 댓글입니다.")).toBeVisible();
  await expect(comments(page).getByRole("heading", { name: "댓글 1" })).toBeVisible();
  await expect(actions(page).getByRole("link", { name: "댓글 1개" })).toBeVisible();

  await page.goto("/my/keep");
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", path);

  // The author finds the reply (a comment on their post) among the comments received.
  await author.page.goto("/my/comment");
  await expectAccessible(author.page);
  await expect(author.page.getByText("주차는 양수역 공영주차장이 편해요")).toBeVisible();
  await expect(author.page.getByRole("link", { name: title })).toBeVisible();

  await author.context.close();
  await reader.context.close();
});

test("visitors see the counts and are asked to sign in to act", async ({ page, browser }, testInfo) => {
  const author = await newMember(browser, "작성", testInfo.workerIndex);
  const path = await writePost(author.page, {
    title: "방문자도 볼 수 있는 글",
    body: "주말에 다녀온 코스를 소개합니다.",
  });
  await author.context.close();

  await page.goto(path);
  await expectAccessible(page);
  const like = actions(page).getByRole("link", { name: "좋아요 0개: 로그인이 필요합니다" });
  await expect(like).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(path)}`);
  await expect(comments(page).getByText("로그인하고 댓글을 남겨 보세요.")).toBeVisible();
  await like.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("reporting a post or a comment takes a reason once; sharing copies the link", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "신고대상", testInfo.workerIndex);
  const path = await writePost(author.page, {
    title: "신고해 볼 글",
    body: "주말에 다녀온 코스를 소개합니다.",
  });
  await comments(author.page).getByLabel("댓글 쓰기").fill("작성자 댓글입니다");
  await comments(author.page).getByRole("button", { name: "등록" }).click();
  await expect(comments(author.page).getByText("작성자 댓글입니다")).toBeVisible();

  const reader = await newMember(browser, "신고자", testInfo.workerIndex);
  const page = reader.page;
  await page.goto(path);
  await actions(page).getByRole("button", { name: "이 글 신고" }).click();
  const dialog = page.getByRole("dialog", { name: "이 글 신고" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("0/200자")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "신고하기" })).toBeDisabled();
  await dialog.getByLabel("신고 사유").fill("광고 글입니다");
  await expect(dialog.getByText("7/200자")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "신고하기" }).click();
  await expect(page.getByText("신고가 접수되었습니다.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await actions(page).getByRole("button", { name: "이 글 신고" }).click();
  await dialog.getByLabel("신고 사유").fill("다시 신고");
  await dialog.getByRole("button", { name: "신고하기" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("이미 신고했습니다.");
  await expect(dialog.getByLabel("신고 사유")).toHaveValue("다시 신고");
  await dialog.getByRole("button", { name: "취소" }).click();

  await comments(page)
    .getByRole("button", { name: `${author.nickname}님의 댓글 신고` })
    .click();
  const commentDialog = page.getByRole("dialog", { name: `${author.nickname}님의 댓글 신고` });
  await commentDialog.getByLabel("신고 사유").fill("욕설이 있어요");
  await commentDialog.getByRole("button", { name: "신고하기" }).click();
  await expect(commentDialog).toBeHidden();

  // Without the Web Share API the link is copied; a cancelled share sheet is not a failure, another error is.
  await reader.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await actions(page).getByRole("button", { name: "공유" }).click();
  await expect(page.getByText("링크를 복사했습니다.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(page.url()).href);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", {
      value: () => Promise.reject(new DOMException("cancelled", "AbortError")),
      configurable: true,
    });
  });
  await actions(page).getByRole("button", { name: "공유" }).click();
  await expect(page.getByText("공유에 실패했습니다.")).toHaveCount(0);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", {
      value: () => Promise.reject(new DOMException("denied", "NotAllowedError")),
      configurable: true,
    });
  });
  await actions(page).getByRole("button", { name: "공유" }).click();
  await expect(page.getByText("공유에 실패했습니다.")).toBeVisible();

  await author.context.close();
  await reader.context.close();
});

test("comments of a hidden member are blinded and can be revealed one at a time", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "글주인", testInfo.workerIndex);
  const path = await writePost(author.page, {
    title: "숨김 확인용 글",
    body: "주말에 다녀온 코스를 소개합니다.",
  });
  const rude = await newMember(browser, "숨겨질이", testInfo.workerIndex);
  await rude.page.goto(path);
  await comments(rude.page).getByLabel("댓글 쓰기").fill("숨겨질 사람의 댓글");
  await comments(rude.page).getByRole("button", { name: "등록" }).click();
  await expect(comments(rude.page).getByText("숨겨질 사람의 댓글")).toBeVisible();

  const page = author.page;
  await page.goto(`/profile/${rude.id}`);
  await page.getByRole("button", { name: "숨기기" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "숨기기" }).click();
  await expect(page.getByRole("status")).toHaveText("회원을 숨겼습니다.");

  await page.goto(path);
  await expect(comments(page).getByText("숨긴 회원의 댓글입니다.")).toBeVisible();
  await expect(comments(page).getByText("숨겨질 사람의 댓글")).toHaveCount(0);
  await expectAccessible(page);
  await comments(page).getByRole("button", { name: "보기" }).click();
  await expect(comments(page).getByText("숨겨질 사람의 댓글")).toBeVisible();

  await page.goto("/my/comment");
  await expect(page.getByText("숨긴 회원의 댓글입니다.")).toBeVisible();
  await expect(page.getByText("숨겨질 사람의 댓글")).toHaveCount(0);

  // Members without the administrator role do not see the report console.
  expect((await page.goto("/admin/report"))?.status()).toBe(404);

  await author.context.close();
  await rude.context.close();
});

test("a comment typed while the page's scripts are still loading is kept and sent", async ({
  browser,
}, testInfo) => {
  const author = await newMember(browser, "느린망", testInfo.workerIndex);
  const path = await writePost(author.page, {
    title: "느린 연결에서 댓글",
    body: "주말에 다녀온 코스를 소개합니다.",
  });
  const page = author.page;
  // The scripts wait until the comment is typed, as on a slow connection.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  const field = comments(page).getByLabel("댓글 쓰기");
  await field.fill("스크립트보다 먼저 쓴 댓글");
  release();
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
  await expect(field).toHaveValue("스크립트보다 먼저 쓴 댓글");
  await expectAccessible(page);
  // The counter counts what was typed before the scripts came.
  await expect(
    comments(page).getByText(new RegExp(`^${[..."스크립트보다 먼저 쓴 댓글"].length}/\\d+자$`)),
  ).toBeVisible();
  await comments(page).getByRole("button", { name: "등록" }).click();
  await expect(
    comments(page).locator('li[id^="comment-"]', { hasText: "스크립트보다 먼저 쓴 댓글" }),
  ).toBeVisible();
  await expect(field).toHaveValue("");
  await page.unroute(/\/assets\/.+\.js$/);
});
