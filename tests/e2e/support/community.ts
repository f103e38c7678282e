import type { Browser, BrowserContext, Page } from "@playwright/test";
import { phoneJpeg } from "../../../app/services/uploads/test-images";
import { expect } from "../fixtures";
import { uniqueNickname } from "./auth";
import { signedInMember } from "./seed";

export interface TestMember {
  context: BrowserContext;
  page: Page;
  nickname: string;
  id: string;
}

let contexts = 0;

/** A complete, seeded member signed in in a browser context of their own (their own address, so limits do not collide). */
export async function newMember(browser: Browser, label: string, workerIndex: number): Promise<TestMember> {
  contexts += 1;
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: {
      "Accept-Language": "ko-KR,ko;q=0.9",
      "X-Forwarded-For": `203.0.113.${((workerIndex * 61 + contexts) % 250) + 1}`,
    },
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  });
  const page = await context.newPage();
  const { id, nickname } = await signedInMember(page, { nickname: uniqueNickname(label) });
  return { context, page, nickname, id };
}

/** The embedded player is outside this machine: answer it with an empty page. */
export async function stubYoutube(page: Page) {
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
}

export interface PostInput {
  title: string;
  body: string;
  kind?: string;
  /** Category option label; the first category when left out. */
  category?: string;
  image?: boolean;
  /** A YouTube address to embed. */
  youtube?: string;
  private?: boolean;
}

/** Writes a post through /board/write with the editor and answers the path of its page. */
export async function writePost(page: Page, input: PostInput): Promise<string> {
  const kind = input.kind ?? "free";
  await page.goto(`/board/write?kind=${kind}`);
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  const category = page.getByLabel("카테고리");
  if (input.category) await category.selectOption({ label: input.category });
  else await category.selectOption({ index: 1 });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(input.title);
  const area = page.getByRole("textbox", { name: "내용" });
  await area.click();
  await page.keyboard.type(input.body);
  if (input.image) {
    await page.getByLabel("올릴 이미지").setInputFiles({
      name: "ride.jpg",
      mimeType: "image/jpeg",
      buffer: await phoneJpeg(),
    });
    await expect(area.locator("img")).toHaveAttribute("src", /^\/uploads\/post\//);
  }
  if (input.youtube) {
    await page
      .getByRole("toolbar", { name: "서식 도구" })
      .getByRole("button", { name: "유튜브 영상 넣기" })
      .click();
    await page.getByLabel("유튜브 영상 주소").fill(input.youtube);
    await page.getByRole("button", { name: "영상 넣기", exact: true }).click();
    await expect(area.locator("iframe")).toHaveCount(1);
  }
  if (input.private) await page.getByLabel("비공개").check();
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page).toHaveURL(new RegExp(`/board/${kind}/\\d+$`));
  return new URL(page.url()).pathname;
}
