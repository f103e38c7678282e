import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { newMember, writePost } from "./support/community";

// Two complete members sign up before the pages are checked.
test.describe.configure({ timeout: 150_000 });

/** The texts of the comment times in a server-rendered page, as the server wrote them. */
function servedCommentTimes(html: string): string[] {
  const section = html.slice(html.indexOf('data-testid="comments"'));
  return [...section.matchAll(/<time\b[^>]*>([^<]*)<\/time>/g)].map((match) => match[1]!);
}

/** Waits until React has taken over the server's document (it tags the nodes it hydrated). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
}

test("a post page with comments hydrates without errors in light and dark system theme, showing the times the server wrote; English counts are singular for one", async ({
  browser,
  page,
}, testInfo) => {
  const author = await newMember(browser, "시간글쓴이", testInfo.workerIndex);
  const title = `한밤 라이딩 ${Date.now().toString(36)}`;
  const path = await writePost(author.page, { title, body: "자정 넘어 다녀온 코스입니다." });
  const reader = await newMember(browser, "시간독자", testInfo.workerIndex);
  const comments = reader.page.getByTestId("comments");
  await reader.page.goto(path);
  await comments.getByLabel("댓글 쓰기").fill("야간 라이딩은 조심하세요!");
  await comments.getByRole("button", { name: "등록" }).click();
  await expect(comments.getByText("야간 라이딩은 조심하세요!")).toBeVisible();
  // A comment written after the page was loaded reads as just written.
  await expect(comments.locator("time")).toHaveText("방금 전");
  const like = reader.page.getByTestId("article-actions").getByRole("button", { name: /^좋아요 \d+개$/ });
  await like.click();
  await expect(like).toHaveAccessibleName("좋아요 1개");

  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /react|hydrat|minified/i.test(message.text()))
      problems.push(message.text());
  });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const response = await page.goto(path);
    const served = servedCommentTimes(await response!.text());
    await page.waitForLoadState("networkidle");
    await hydrated(page);
    expect(problems).toEqual([]);
    expect(served).toHaveLength(1);
    const time = page.getByTestId("comments").locator("time");
    await expect(time).toHaveText(served);
    expect(served[0]).toMatch(/^(방금 전|\d+분 전)$/);
    await expect(time).toHaveAttribute("title", /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    // A page re-rendered after a failed hydration loses the dark class the theme script set.
    if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
    else await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expectAccessible(page);
  }
  expect(problems).toEqual([]);

  await page.goto("/en/board/free");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("1 like", { exact: true })).toBeVisible();
  await expect(row.getByText("1 comment", { exact: true })).toBeVisible();
  await page.goto(`/en${path}`);
  await hydrated(page);
  await expect(page.getByTestId("comments").locator("time")).toHaveText(
    /^(just now|1 minute ago|\d+ minutes ago)$/,
  );
  await expect(page.getByTestId("article-actions").getByRole("link", { name: "1 comment" })).toBeVisible();
  expect(problems).toEqual([]);

  await author.context.close();
  await reader.context.close();
});
