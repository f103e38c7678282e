import { expect, expectAccessible, test } from "./fixtures";
import { finishFirstLogin, signUpByEmail, uniqueEmail, uniqueNickname } from "./support/auth";

test("a member pins and hides another member, then unhides them", async ({ page, browser }) => {
  const other = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": "198.51.100.252" },
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  });
  const otherPage = await other.newPage();
  const otherNickname = uniqueNickname("숨김");
  await signUpByEmail(otherPage, uniqueEmail("target"));
  await finishFirstLogin(otherPage, otherNickname);
  const otherId = await otherPage.evaluate(() => localStorage.getItem("motomate.userId"));
  expect(otherId).toBeTruthy();
  await other.close();

  await signUpByEmail(page, uniqueEmail("hider"));
  await finishFirstLogin(page, uniqueNickname("주인"));
  await page.goto(`/profile/${otherId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherNickname);
  await expect(page).toHaveTitle(`${otherNickname} | 모토메이트`);
  await expectAccessible(page);

  await page.getByRole("button", { name: "고정하기" }).click();
  await expect(page.getByRole("status")).toHaveText("회원을 고정했습니다.");
  await page.getByRole("button", { name: "숨기기" }).click();
  await expect(page.getByRole("status")).toHaveText("회원을 숨겼습니다.");
  await page.getByRole("button", { name: "숨기기" }).click();
  await expect(page.getByRole("alert")).toHaveText("이미 숨긴 회원입니다.");
  expect(await (await page.request.get("/api/setting/blind")).json()).toMatchObject({
    blindUserIds: [otherId],
  });

  await page.goto("/my/pin");
  await expect(page.getByRole("link", { name: otherNickname })).toBeVisible();

  await page.goto("/setting/blind");
  await expect(page.getByRole("link", { name: otherNickname })).toBeVisible();
  await expectAccessible(page);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "숨김 해제" }).click();
  await expect(page.getByText("숨긴 회원이 없습니다.")).toBeVisible();
  expect(await (await page.request.get("/api/setting/blind")).json()).toMatchObject({ blindUserIds: [""] });

  const missing = await page.goto("/profile/no-such-member");
  expect(missing?.status()).toBe(404);
});
