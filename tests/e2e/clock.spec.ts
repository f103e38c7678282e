import type { APIRequestContext } from "@playwright/test";
import { toSeoulInput } from "../../app/platform/seoul-calendar";
import { expect, expectAccessible, test } from "./fixtures";
import { newAdmin } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { signedInMember } from "./support/seed";

/** The server's clock (TEST_CLOCK is on for the browser tests' server). */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get("/test/clock");
  expect(response.ok()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

// Starting an event notifies every member, and the clock moves for everyone on its server: a server of its own.
ownServerTest(
  "an event starts when the server's clock passes its start: its start job tells members and the page opens it",
  async ({ page, browser, request, visit }) => {
    test.slow();
    await signedInMember(page);

    // A start a few minutes ahead of the server's clock, on a whole minute (the field has no seconds).
    const now = await serverNow(request);
    const start = new Date((Math.floor(now.getTime() / 60_000) + 3) * 60_000);
    const end = new Date(start.getTime() + 3 * 60 * 60_000);

    const admin = await newAdmin(browser, "198.51.100.253");
    await admin.goto("/admin/community?tab=event");
    await expect(admin.getByLabel("요약", { exact: true })).toBeVisible();
    const title = `야간 라이딩 이벤트 ${Date.now().toString(36)}`;
    await admin.getByLabel("제목", { exact: true }).fill(title);
    await admin.getByLabel("요약", { exact: true }).fill("시작 시각이 지나면 열리는 이벤트입니다.");
    await admin.getByLabel("내용", { exact: true }).fill("시작하면 알림이 갑니다.");
    await admin.getByLabel("시작 일시").fill(toSeoulInput(start));
    await admin.getByLabel("종료 일시").fill(toSeoulInput(end));
    await admin.getByRole("button", { name: "저장" }).click();
    // The saved page may show the editor's own loading status beside the message.
    await expect(admin.getByRole("status").filter({ hasText: "저장했습니다." })).toBeVisible();
    await expect(admin.getByRole("listitem").filter({ hasText: title })).toContainText("예정");
    await admin.context().close();

    // Before the start: listed as upcoming, and nobody can join yet.
    await visit("/event?tab=upcoming");
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/에 시작합니다\.$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "이벤트 참여하기" })).toHaveCount(0);
    const eventUrl = page.url();

    // The clock passes the start; the answer comes once the start job that became due has run.
    const moved = await request.post("/test/clock", {
      data: { at: new Date(start.getTime() + 1000).toISOString() },
    });
    expect(moved.status()).toBe(200);
    expect(await serverNow(request)).not.toEqual(now);
    // It never goes back.
    expect((await request.post("/test/clock", { data: { at: now.toISOString() } })).status()).toBe(409);

    await page.goto(eventUrl);
    await expect(page.getByRole("button", { name: "이벤트 참여하기" })).toBeVisible();
    await page.getByRole("button", { name: "이벤트 참여하기" }).click();
    await expect(page.getByRole("status")).toHaveText("이벤트에 참여했습니다.");

    await visit("/my/alarm");
    await expect(page.getByText(`이벤트가 시작되었습니다: ${title}`)).toBeVisible();
    await expectAccessible(page);
  },
);
