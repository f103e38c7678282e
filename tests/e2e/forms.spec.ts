import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { finishFirstLogin, signUpByEmail, uniqueEmail, uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** Counts the posts of a page's form (its action, `path` or `path.data`); a check in the browser sends none. */
function countPosts(page: Page, path: string) {
  const posts = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(path)) posts.count += 1;
  });
  return posts;
}

test("sign-up names each wrong field next to it before sending, and the server does the same without scripts", async ({
  page,
  browser,
}) => {
  await page.goto("/login/signup");
  // "Agree to all" appears once the page is interactive.
  await expect(page.getByLabel("전체 동의 (선택 항목 포함)")).toBeVisible();
  const posts = countPosts(page, "/login/signup");
  const email = page.getByLabel("이메일", { exact: true });
  await email.fill("rider@");
  await page.getByLabel("비밀번호", { exact: true }).fill("password");
  await page.getByRole("button", { name: "가입하기" }).click();
  await expect(page.getByText("올바른 이메일 주소를 입력해 주세요.")).toBeVisible();
  await expect(page.getByText("너무 흔한 비밀번호입니다.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("올바른 이메일 주소를 입력해 주세요.");
  expect(posts.count).toBe(0);

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto("/login/signup");
  await noScript.getByLabel("이메일", { exact: true }).fill("rider@");
  await noScript.getByLabel("비밀번호", { exact: true }).fill("password");
  await noScript.getByRole("button", { name: "가입하기" }).click();
  await expect(noScript.getByText("올바른 이메일 주소를 입력해 주세요.")).toBeVisible();
  await expect(noScript.getByLabel("이메일", { exact: true })).toHaveValue("rider@");
  await expect(noScript.getByLabel("이메일", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(noScript.getByLabel("비밀번호", { exact: true })).toHaveValue("");
  await plain.close();
});

test("a submit made before the form's checks have loaded waits for them and is checked like any other", async ({
  page,
}) => {
  // The schema's chunk is held back: the page is interactive, but cannot check the form yet.
  let held: Route | undefined;
  await page.route(/\/assets\/sign-up\.schema-[\w-]+\.js$/, (route) => {
    held = route;
  });
  await page.goto("/login/signup");
  await expect(page.getByLabel("전체 동의 (선택 항목 포함)")).toBeVisible();
  const posts = countPosts(page, "/login/signup");
  const email = page.getByLabel("이메일", { exact: true });
  await email.fill("rider@");
  await page.getByLabel("비밀번호", { exact: true }).fill("password");
  await page.getByRole("button", { name: "가입하기" }).click();
  await page.getByRole("button", { name: "가입하기" }).click();
  await expect.poll(() => held !== undefined).toBe(true);
  // Nothing is sent while the checks load, however often the button is pressed.
  await expect(page.getByText("올바른 이메일 주소를 입력해 주세요.")).toHaveCount(0);
  expect(posts.count).toBe(0);
  await held!.continue();
  await expect(page.getByText("올바른 이메일 주소를 입력해 주세요.")).toBeVisible();
  await expect(page.getByText("너무 흔한 비밀번호입니다.")).toBeVisible();
  await expect(email).toBeFocused();
  expect(posts.count).toBe(0);
});

test("the article form names every missing field before sending, and the server does the same without scripts", async ({
  page,
  browser,
}) => {
  const label = "forms";
  await signUpByEmail(page, uniqueEmail(label));
  await finishFirstLogin(page, uniqueNickname(label));
  await page.goto("/board/write?kind=free");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  const posts = countPosts(page, "/board/write");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByText("카테고리를 선택해 주세요.")).toBeVisible();
  await expect(page.getByText("제목을 입력해 주세요.")).toBeVisible();
  await expect(page.getByText("내용을 입력해 주세요.")).toBeVisible();
  await expect(page.getByLabel("카테고리")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("카테고리")).toBeFocused();
  expect(posts.count).toBe(0);

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/board/write?kind=free");
  await noScript.getByLabel("카테고리").selectOption({ index: 1 });
  await noScript.getByRole("textbox", { name: "내용" }).fill("제목 없는 글");
  await noScript.getByRole("button", { name: "등록하기" }).click();
  const title = noScript.getByRole("textbox", { name: "제목", exact: true });
  await expect(noScript.getByText("제목을 입력해 주세요.")).toBeVisible();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(noScript.getByRole("textbox", { name: "내용" })).toHaveValue("제목 없는 글");
  await plain.close();
});

test("the profile form names each wrong field before sending, and the server does the same without scripts", async ({
  page,
  browser,
}) => {
  await signedInMember(page);
  await page.goto("/profile");
  // The map draws its marker once the page is interactive.
  await expect(page.locator(".leaflet-marker-icon")).toBeVisible();
  const posts = countPosts(page, "/profile");
  const introduction = page.getByLabel("한 줄 소개 *");
  const ridingYears = page.getByLabel("라이딩 경력 (년) *");
  await introduction.fill("   ");
  await ridingYears.fill("0");
  await page.getByRole("button", { name: "프로필 저장" }).click();
  await expect(page.getByText("한 줄 소개를 입력해 주세요.").first()).toBeVisible();
  await expect(page.getByText("라이딩 경력은 1~60년 사이로 입력해 주세요.").first()).toBeVisible();
  await expect(introduction).toHaveAttribute("aria-invalid", "true");
  await expect(introduction).toBeFocused();
  expect(posts.count).toBe(0);

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/profile");
  await noScript.getByLabel("라이딩 경력 (년) *").fill("1e1");
  await noScript.getByRole("button", { name: "프로필 저장" }).click();
  await expect(noScript.getByText("라이딩 경력은 1~60년 사이로 입력해 주세요.").first()).toBeVisible();
  await expect(noScript.getByLabel("라이딩 경력 (년) *")).toHaveValue("1e1");
  await expect(noScript.getByLabel("라이딩 경력 (년) *")).toHaveAttribute("aria-invalid", "true");
  await plain.close();
});

test("a double click on a form's button sends the form once", async ({ page }) => {
  await signedInMember(page);
  await page.goto("/setting/inquiry");
  const title = `두 번 누른 문의 ${Date.now()}`;
  await page.getByLabel("제목").fill(title);
  await page.getByLabel("내용").fill("한 번만 보내져야 합니다.");
  const posts = countPosts(page, "/setting/inquiry");
  await page.getByRole("button", { name: "문의 보내기" }).dblclick();
  await expect(page.getByRole("status")).toHaveText(
    "문의를 보냈습니다. 답변은 이 페이지에서 확인할 수 있습니다.",
  );
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(1);
  expect(posts.count).toBe(1);

  // After the server refuses the form, the corrected form goes at the next press.
  await page.getByLabel("제목").fill("");
  await page.getByRole("button", { name: "문의 보내기" }).click();
  await expect(page.getByRole("alert")).toHaveText("제목을 입력해 주세요.");
  await page.getByLabel("제목").fill(`${title} 둘째`);
  await page.getByLabel("내용").fill("두 번째 문의입니다.");
  await page.getByRole("button", { name: "문의 보내기" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: `${title} 둘째` })).toHaveCount(1);
});
