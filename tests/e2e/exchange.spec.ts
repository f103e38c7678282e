import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** The centre of 서울 영등포구, where seeded members live (their main area). */
const YEONGDEUNGPO = { latitude: 37.526618, longitude: 126.919666 };

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(
  browser: Browser,
  address: string,
  label: string,
  memberType: "individual" | "business" = "individual",
) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  await signedInMember(page, { nickname, memberType });
  return { page, nickname };
}

/** Adds a skill of a kind on /my/skill with the form's defaults and the first code offered. */
async function addSkill(page: Page, kindLabel: string, codesLabel: string) {
  await page.goto("/my/skill");
  await page.getByText(`${kindLabel} 재능 등록`, { exact: true }).click();
  const form = page.getByRole("form", { name: `${kindLabel} 재능 등록` });
  await form.getByRole("group", { name: codesLabel }).getByRole("checkbox").first().check();
  await form.getByRole("button", { name: "재능 등록" }).click();
  await expect(page.getByRole("status").filter({ hasText: "재능을 등록했습니다." })).toBeVisible();
}

test("a rescue call reaches the nearby on-call experts and the first to accept takes it", async ({
  page,
  context,
  browser,
  visit,
}) => {
  test.slow();
  const first = await memberPage(browser, "198.51.100.224", "tow");
  const second = await memberPage(browser, "198.51.100.225", "tow");
  for (const expert of [first, second]) await addSkill(expert.page, "긴급 출동(견인)", "가능한 출동");

  const rider = await signedInMember(page, { nickname: uniqueNickname("stuck") });
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(YEONGDEUNGPO);
  await visit("/meeting/rescue/call");
  await expect(page.getByText("현재 위치를 확인하는 중…")).toHaveCount(0);
  await page.getByLabel("상황").fill("타이어 펑크로 여의도 갓길에 멈춰 있어요");
  await page.getByRole("button", { name: "긴급 출동 요청 보내기" }).click();
  await expect(page.getByText(/가까운 전문가 \d+명에게 요청을 보냈습니다\./)).toBeVisible();

  // Both experts see the call.
  for (const expert of [first, second]) {
    await expert.page.goto("/meeting/rescue/calls");
    await expect(expert.page.getByText(`${rider.nickname}님의 요청`)).toBeVisible();
  }

  // The first acceptance opens the chat; the other expert's acceptance is refused and the call leaves their list.
  await first.page.getByRole("button", { name: "수락하고 채팅 열기" }).click();
  await expect(first.page).toHaveURL(/\/meeting\/rescue\/chat\?room=/);
  await expect(first.page.getByText("요청을 수락했습니다. 채팅에서 위치와 상황을 확인하세요.")).toBeVisible();
  // The other expert's open list drops the call as soon as they are told it was taken.
  await expect(second.page.getByText(`${rider.nickname}님의 요청`)).toHaveCount(0);
  await expect(second.page.getByText("지금 기다리는 요청이 없습니다.")).toBeVisible();
  await second.page.goto("/my/alarm");
  await expect(
    second.page.getByText("다른 전문가가 먼저 수락해 긴급 출동 요청이 마감되었습니다."),
  ).toBeVisible();

  // The rider's page turns to the accepted call and its chat.
  await expect(page.getByText(new RegExp(`${first.nickname}님이 수락했습니다\\.`))).toBeVisible();
  await page.getByRole("link", { name: "채팅으로 가기" }).click();
  await expect(page.getByRole("heading", { name: `${first.nickname}님과의 대화` })).toBeVisible();
  await first.page.context().close();
  await second.page.context().close();
});
