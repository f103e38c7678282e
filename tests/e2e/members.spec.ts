import { expect, expectAccessible, test } from "./fixtures";
import { signedInMember } from "./support/seed";
import { newMember, writePost } from "./support/community";

test("pin and hide show their state on a profile, each undone there, with a message shown once", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const other = await newMember(browser, "숨김", testInfo.workerIndex);
  await other.context.close();

  await signedInMember(page);
  await page.goto(`/profile/${other.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.nickname);
  await expect(page).toHaveTitle(`${other.nickname} | 모토메이트`);
  await expectAccessible(page);

  await page.getByRole("button", { name: "고정하기" }).click();
  await expect(page.getByRole("status")).toHaveText("회원을 고정했습니다.");
  await expect(page.getByRole("button", { name: "고정 해제" })).toBeVisible();
  await expect(page.getByText("고정한 회원입니다.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${other.id}$`));
  await page.reload();
  await expect(page.getByRole("button", { name: "고정 해제" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);

  await page.getByRole("button", { name: "고정 해제" }).click();
  await expect(page.getByRole("status")).toHaveText("회원 고정을 해제했습니다.");
  await expect(page.getByRole("button", { name: "고정하기" })).toBeVisible();
  await expect(page.getByText("고정한 회원입니다.")).toHaveCount(0);

  // Hiding asks first, in a dialog that works with the keyboard alone.
  const hide = page.getByRole("button", { name: "숨기기" });
  const dialog = page.getByRole("alertdialog", { name: `${other.nickname} 님을 숨길까요?` });
  await hide.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "취소" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "숨기기" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "취소" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(hide).toBeFocused();
  expect(await (await page.request.get("/api/setting/blind")).json()).toMatchObject({ blindUserIds: [] });

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("회원을 숨겼습니다.");
  await expect(page.getByText("숨긴 회원입니다.")).toBeVisible();
  expect(await (await page.request.get("/api/setting/blind")).json()).toMatchObject({
    blindUserIds: [other.id],
  });
  await page.reload();
  await expect(page.getByRole("button", { name: "숨김 해제" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  expect(page.url()).not.toContain("done=");

  await page.getByRole("button", { name: "숨김 해제" }).click();
  await expect(page.getByRole("status")).toHaveText("회원 숨김을 해제했습니다.");
  await expect(page.getByRole("button", { name: "숨기기" })).toBeVisible();
  expect(await (await page.request.get("/api/setting/blind")).json()).toMatchObject({ blindUserIds: [""] });

  // The lists in My and Settings undo the same relations, after a confirmation.
  await page.getByRole("button", { name: "고정하기" }).click();
  await expect(page.getByRole("button", { name: "고정 해제" })).toBeVisible();
  await page.goto("/my/pin");
  await expect(page.getByRole("link", { name: other.nickname })).toBeVisible();
  await page.getByRole("button", { name: "고정 해제" }).click();
  await page
    .getByRole("alertdialog", { name: `${other.nickname} 님의 고정을 해제할까요?` })
    .getByRole("button", { name: "고정 해제" })
    .click();
  await expect(page.getByText("고정한 회원이 없습니다.")).toBeVisible();
});

test("an unknown member id shows that the user does not exist, with 404", async ({ page }) => {
  await signedInMember(page);
  const missing = await page.goto("/profile/no-such-member");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("존재하지 않는 회원입니다");
  await expect(page).toHaveTitle("존재하지 않는 회원입니다 | 모토메이트");
  await expect(page.getByText("Not Found!")).toHaveCount(0);
  await expectAccessible(page);

  const english = await page.goto("/en/profile/no-such-member");
  expect(english?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This user does not exist");
});

test("nicknames open a member menu in lists, comments and search results; own names do not", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await newMember(browser, "메뉴작가", testInfo.workerIndex);
  const title = `메뉴 시험 글 ${Date.now().toString(36)}`;
  const path = await writePost(author.page, { title, body: "닉네임 메뉴를 시험합니다." });
  const comments = (on: typeof page) => on.getByTestId("comments");
  await comments(author.page).getByLabel("댓글 쓰기").fill("작가의 댓글입니다");
  await comments(author.page).getByRole("button", { name: "등록" }).click();
  await expect(comments(author.page).getByText("작가의 댓글입니다")).toBeVisible();
  // The author's own name is no menu.
  await expect(author.page.getByRole("button", { name: author.nickname, exact: true })).toHaveCount(0);

  // A visitor gets the profile link and a prompt to sign in.
  await page.goto("/board/free");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await row.getByRole("button", { name: author.nickname, exact: true }).click();
  const visitorMenu = page.getByRole("menu", { name: author.nickname, exact: true });
  await expect(visitorMenu.getByRole("menuitem", { name: "프로필 보기" })).toBeVisible();
  await expect(visitorMenu.getByText("로그인하면 숨기기, 고정, 신고를 할 수 있습니다.")).toBeVisible();
  await expect(visitorMenu.getByRole("menuitem", { name: "로그인" })).toHaveAttribute(
    "href",
    /\/login\?redirectTo=%2Fboard%2Ffree/,
  );
  await expect(visitorMenu.getByRole("menuitem", { name: "고정하기" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(visitorMenu).toBeHidden();

  const reader = await newMember(browser, "메뉴독자", testInfo.workerIndex);
  const viewer = reader.page;

  // In a board list: pin from the menu, which then offers to unpin.
  await viewer.goto("/board/free");
  const listed = viewer.getByRole("listitem").filter({ hasText: title });
  await listed.getByRole("button", { name: author.nickname, exact: true }).click();
  const menu = viewer.getByRole("menu", { name: author.nickname, exact: true });
  await expect(menu.getByRole("menuitem", { name: "프로필 보기" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "회원 신고" })).toBeVisible();
  await expectAccessible(viewer);
  await menu.getByRole("menuitem", { name: "고정하기" }).click();
  await expect(viewer.getByText("회원을 고정했습니다.")).toBeVisible();
  await listed.getByRole("button", { name: author.nickname, exact: true }).click();
  await expect(menu.getByRole("menuitem", { name: "고정 해제" })).toBeVisible();
  await viewer.keyboard.press("Escape");

  // On a comment: report the member, in the report dialog.
  await viewer.goto(path);
  await comments(viewer).getByRole("button", { name: author.nickname, exact: true }).click();
  await menu.getByRole("menuitem", { name: "회원 신고" }).click();
  const report = viewer.getByRole("dialog", { name: `${author.nickname} 님 신고` });
  await report.getByLabel("신고 사유").fill("같은 광고를 반복해서 올립니다");
  await report.getByRole("button", { name: "신고하기" }).click();
  await expect(report).toBeHidden();
  await expect(viewer.getByText("신고가 접수되었습니다.")).toBeVisible();

  // In search results: hide the member, after a confirmation; the result is marked at once.
  await viewer.goto(`/search/result?q=${encodeURIComponent(author.nickname)}`);
  const hit = viewer.getByTestId("search-hit").filter({ hasText: "주말마다 남해안을 달립니다" });
  await hit.getByRole("button", { name: author.nickname, exact: true }).click();
  await menu.getByRole("menuitem", { name: "숨기기" }).click();
  await viewer
    .getByRole("alertdialog", { name: `${author.nickname} 님을 숨길까요?` })
    .getByRole("button", { name: "숨기기" })
    .click();
  await expect(viewer.getByText("회원을 숨겼습니다.")).toBeVisible();
  // The page reloads its results: the member's hit is badged and their introduction blinded.
  await expect(viewer.getByTestId("search-hit").getByText("숨긴 회원", { exact: true })).toBeVisible();
  await expect(viewer.getByText("주말마다 남해안을 달립니다")).toHaveCount(0);
  expect(await (await viewer.request.get("/api/setting/blind")).json()).toMatchObject({
    blindUserIds: [author.id],
  });
  await author.context.close();
  await reader.context.close();
});
