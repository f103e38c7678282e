import { expect, expectAccessible, test } from "./fixtures";
import { newAdmin } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { signedInMember } from "./support/seed";

/**
 * Publishing a notice or starting an event notifies every member: these tests run on a server of their own, so that
 * the notification lists and counts other specs assert are not theirs to change.
 */
const ownServer = ownServerTest;

/** A datetime-local value in Korean time, `hours` from now. */
function seoulInput(hours: number) {
  return new Date(Date.now() + (hours + 9) * 60 * 60_000).toISOString().slice(0, 16);
}

test("the FAQ answers by category in an accordion, in Korean and in English", async ({ page, visit }) => {
  await visit("/faq");
  await expect(page.getByRole("heading", { level: 1, name: "자주 묻는 질문" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "질문 분류" });
  await expect(tabs.getByRole("link", { name: "회원" })).toHaveAttribute("aria-current", "page");
  const welcome = page.getByText(/가입 축하 포인트 3,000P를 드립니다/);
  await expect(welcome).toBeHidden();
  await page.getByText("가입 축하 포인트는 언제 받나요?").click();
  await expect(welcome).toBeVisible();

  await tabs.getByRole("link", { name: "결제·정산" }).click();
  await expect(page).toHaveURL(/\/faq\?tab=payments$/);
  await expect(tabs.getByRole("link", { name: "결제·정산" })).toHaveAttribute("aria-current", "page");
  await page.getByText("수수료는 얼마인가요?").click();
  await expect(page.getByText(/모임 금액\(전문가가 요청한 금액\)의 10%, 사업자 전문가는 5%/)).toBeVisible();
  await expect(page.getByRole("link", { name: "1:1 문의하기" })).toHaveAttribute("href", "/setting/inquiry");
  await expectAccessible(page);

  await visit("/en/faq?tab=service");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  const english = page.getByRole("navigation", { name: "Question categories" });
  await expect(english.getByRole("link", { name: "Service info" })).toHaveAttribute("aria-current", "page");
  const sparks = page.getByText(/You get 10 sparks a day/);
  await expect(sparks).toBeHidden();
  await page.getByText("What are sparks?").click();
  await expect(sparks).toBeVisible();
  await english.getByRole("link", { name: "Experts" }).click();
  await page.getByText("The other person did not show up (no-show).").click();
  await expect(
    page.getByText(/30-day ban the first time, 60 days the second, 180 days the third/),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a 1:1 inquiry" })).toHaveAttribute(
    "href",
    "/en/setting/inquiry",
  );
});

ownServer(
  "an administrator publishes a notice and an event; a member reads it and joins the event once",
  async ({ page, browser, visit }) => {
    test.slow();
    await signedInMember(page);
    // A member is not an administrator.
    expect((await page.goto("/admin/community"))?.status()).toBe(404);

    const admin = await newAdmin(browser, "198.51.100.251");
    await admin.goto("/admin/community");
    await expectAccessible(admin);
    const stamp = Date.now().toString(36);
    const noticeTitle = `여름 정기 점검 안내 ${stamp}`;
    await admin.getByLabel("제목", { exact: true }).fill(noticeTitle);
    await admin.getByLabel("내용", { exact: true }).fill("6월 1일 새벽 2시부터 4시까지 서비스를 점검합니다.");
    await admin.getByLabel("목록 맨 위에 고정").check();
    await admin.getByRole("button", { name: "저장" }).click();
    // The saved page may show the editor's own loading status beside the message.
    await expect(admin.getByRole("status").filter({ hasText: "저장했습니다." })).toBeVisible();
    await expect(admin.getByRole("link", { name: noticeTitle })).toBeVisible();

    await admin.getByRole("navigation", { name: "관리 항목" }).getByRole("link", { name: "이벤트" }).click();
    await expect(admin).toHaveURL(/tab=event/);
    await expect(admin.getByLabel("요약", { exact: true })).toBeVisible();
    const eventTitle = `라이딩 인증샷 이벤트 ${stamp}`;
    await admin.getByLabel("제목", { exact: true }).fill(eventTitle);
    await admin.getByLabel("요약", { exact: true }).fill("라이딩 사진을 올리고 포인트를 받으세요.");
    await admin.getByLabel("내용", { exact: true }).fill("참여한 회원 중 추첨해 포인트를 드립니다.");
    await admin.getByLabel("시작 일시").fill(seoulInput(-1));
    await admin.getByLabel("종료 일시").fill(seoulInput(-2));
    await admin.getByRole("button", { name: "저장" }).click();
    // A period that ends before it starts is refused, and what was typed stays.
    await expect(admin.getByRole("alert")).toHaveText("종료 일시는 시작 일시보다 뒤여야 합니다.");
    await expect(admin.getByLabel("제목", { exact: true })).toHaveValue(eventTitle);
    await admin.getByLabel("종료 일시").fill(seoulInput(48));
    await admin.getByRole("button", { name: "저장" }).click();
    // The saved page may show the editor's own loading status beside the message.
    await expect(admin.getByRole("status").filter({ hasText: "저장했습니다." })).toBeVisible();
    await expect(admin.getByRole("listitem").filter({ hasText: eventTitle })).toContainText("진행 중");
    // Both acts are on the audit log, under the administrator's name.
    await admin.goto("/admin/audit");
    await expectAccessible(admin);
    const acts = admin.getByTestId("audit-rows").getByRole("listitem");
    await expect(acts.filter({ hasText: noticeTitle })).toContainText("공지 등록");
    await expect(acts.filter({ hasText: eventTitle })).toContainText("이벤트 등록");
    await admin.context().close();

    await visit("/announce");
    const item = page.getByRole("link", { name: new RegExp(noticeTitle) });
    await expect(item).toContainText("고정");
    await item.click();
    await expect(page.getByRole("heading", { level: 1, name: noticeTitle })).toBeVisible();
    await expect(page.getByText("6월 1일 새벽 2시부터 4시까지 서비스를 점검합니다.")).toBeVisible();
    await expectAccessible(page);
    expect((await page.goto("/announce/notice/987654"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "공지를 찾을 수 없습니다" })).toBeVisible();

    await visit("/announce");
    await page
      .getByRole("navigation", { name: "함께 보기" })
      .getByRole("link", { name: /이벤트/ })
      .click();
    await expect(page).toHaveURL(/\/event$/);
    await page.getByRole("link", { name: eventTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: eventTitle })).toBeVisible();
    await expectAccessible(page);
    // The same event open in a second tab, before joining in the first.
    const second = await page.context().newPage();
    await second.goto(page.url());
    await expect(second.getByRole("button", { name: "이벤트 참여하기" })).toBeVisible();

    await page.getByRole("button", { name: "이벤트 참여하기" }).click();
    await expect(page.getByRole("status")).toHaveText("이벤트에 참여했습니다.");
    await expect(page.getByTestId("participant-count")).toHaveText("참여 1명");
    await expect(page.getByRole("button", { name: "이벤트 참여하기" })).toHaveCount(0);

    await second.getByRole("button", { name: "이벤트 참여하기" }).click();
    await expect(second.getByRole("alert")).toHaveText("이미 참여한 이벤트입니다.");
    await second.close();
    await page.reload();
    await expect(page.getByTestId("participant-count")).toHaveText("참여 1명");

    await visit("/event?tab=participated");
    const card = page.getByRole("listitem").filter({ hasText: eventTitle });
    await expect(card).toContainText("참여 완료");
    await expect(card).toContainText("참여 1명");
  },
);
