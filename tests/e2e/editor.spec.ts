import { randomUUID } from "node:crypto";
import type { Locator, Page, Route } from "@playwright/test";
import { ARTICLE_MAX_IMAGES, ARTICLE_MAX_VIDEOS } from "../../app/services/board/kinds";
import { postImageBase, readRichText, readRichTextTask } from "../../app/services/content/rich-text.server";
import { phoneJpeg } from "../../app/services/uploads/test-images";
import { xssCorpus, type XssVector } from "../fixtures/xss-corpus";
import { expect, expectAccessible, test } from "./fixtures";
import { signIn, uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

const VIDEO_ID = "dQw4w9WgXcQ";

// Each test signs a new member up (a complete first-login profile) before it starts writing.
test.describe.configure({ timeout: 90_000 });

/** No network beyond the app: the embedded player answers with an empty page. */
async function stubYoutube(page: Page) {
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
}

async function newMember(page: Page, label: string) {
  await signedInMember(page, { nickname: uniqueNickname(label) });
}

function editorArea(page: Page) {
  return page.getByRole("textbox", { name: "내용" });
}

function titleField(page: Page) {
  return page.getByRole("textbox", { name: "제목", exact: true });
}

async function editorReady(page: Page) {
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
}

test("a member writes a post with a heading, a list, a link, an image and a YouTube video; it comes back into the editor", async ({
  page,
  visit,
}) => {
  await stubYoutube(page);
  await newMember(page, "editor");
  await visit("/board/write?kind=free");
  await expect(page.getByRole("heading", { level: 1, name: "글쓰기" })).toBeVisible();
  await expect(page.getByLabel("게시판")).toHaveValue("free");
  await editorReady(page);

  await page.getByLabel("카테고리").selectOption({ label: "정보" });
  await titleField(page).fill("남해 일주 후기");
  const area = editorArea(page);
  await area.click();

  const toolbar = page.getByRole("toolbar", { name: "서식 도구" });
  await toolbar.getByRole("button", { name: "소제목" }).click();
  await toolbar.getByRole("button", { name: "굵게" }).click();
  await expect(toolbar.getByRole("button", { name: "소제목" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("남해 일주");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "글머리 기호 목록" }).click();
  await page.keyboard.type("첫째 날 비");
  await page.keyboard.press("Enter");
  await page.keyboard.type("둘째 날 맑음");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  // The toolbar is one tab stop; arrow keys move inside it.
  await toolbar.getByRole("button", { name: "소제목" }).focus();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "유튜브 영상 넣기" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(toolbar.getByRole("button", { name: "이미지 올리기" })).toBeFocused();

  await area.click();
  await page.keyboard.press("ControlOrMeta+End");
  await toolbar.getByRole("button", { name: "링크" }).click();
  const linkField = page.getByLabel("링크 주소");
  await expect(linkField).toBeFocused();
  await linkField.fill("javascript:alert(1)");
  await page.keyboard.press("Enter");
  await expect(page.getByText("http:// 또는 https://로 시작하는 주소를 입력해 주세요.")).toBeVisible();
  await linkField.fill("https://example.com/namhae");
  await page.getByRole("button", { name: "링크 적용" }).click();
  await expect(area.getByRole("link", { name: "https://example.com/namhae" })).toBeVisible();

  await page.getByLabel("올릴 이미지").setInputFiles({
    name: "namhae.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await expect(page.getByText("이미지를 넣었습니다.")).toBeVisible();
  const image = area.locator("img");
  await expect(image).toHaveAttribute("src", /^\/uploads\/post\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);

  // A file that is not an image is refused with the server's message.
  await page.getByLabel("올릴 이미지").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("not really a picture"),
  });
  await expect(page.getByRole("alert")).toHaveText("JPG, PNG, WebP, GIF 이미지만 올릴 수 있습니다.");

  await toolbar.getByRole("button", { name: "유튜브 영상 넣기" }).click();
  const videoField = page.getByLabel("유튜브 영상 주소");
  await videoField.fill("https://vimeo.com/1");
  await page.getByRole("button", { name: "영상 넣기", exact: true }).click();
  await expect(page.getByText(/^유튜브 영상 주소를 입력해 주세요/)).toBeVisible();
  await videoField.fill(`https://youtu.be/${VIDEO_ID}`);
  await page.getByRole("button", { name: "영상 넣기", exact: true }).click();
  await expect(area.locator("iframe")).toHaveAttribute("src", new RegExp(`youtube\\.com/embed/${VIDEO_ID}`));
  await expect(page.getByTestId("editor-counts")).toHaveText("이미지 1/10 · 유튜브 1/1");
  // The limits are in the hint, and what is used so far follows it, a space apart from the sentence.
  const hint = page.locator("p", { has: page.getByTestId("editor-counts") });
  await expect(hint).toContainText("200KB까지 쓸 수 있습니다. 이미지 1/10 · 유튜브 1/1 글자 ");
  await expect(page.getByTestId("editor-length")).toHaveText(/^글자 \d{2}\/20,000 · 용량 \d+(\.\d)?\/200KB$/);

  // One video per post.
  await toolbar.getByRole("button", { name: "유튜브 영상 넣기" }).click();
  await expect(page.getByRole("alert")).toHaveText("유튜브 영상이 이미 등록되어 있습니다.");
  await expect(page.getByLabel("유튜브 영상 주소")).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page).toHaveURL(/\/board\/free\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  await visit(`/board/write?id=${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "글 수정" })).toBeVisible();
  await editorReady(page);
  await expect(titleField(page)).toHaveValue("남해 일주 후기");
  await expect(page.getByLabel("카테고리")).toHaveValue(/\d+/);
  await expect(page.locator("main").getByText("자유", { exact: true })).toBeVisible();
  const stored = editorArea(page);
  await expect(stored.locator("h3 strong")).toHaveText("남해 일주");
  await expect(stored.locator("ul > li")).toHaveText(["첫째 날 비", "둘째 날 맑음"]);
  await expect(stored.getByRole("link", { name: "https://example.com/namhae" })).toHaveAttribute(
    "href",
    "https://example.com/namhae",
  );
  await expect(stored.locator("img")).toHaveAttribute("src", (await image.getAttribute("src"))!);
  await expect(stored.locator("iframe")).toHaveAttribute("src", new RegExp(`/embed/${VIDEO_ID}`));

  // An edit keeps the board and changes the content.
  await titleField(page).fill("남해 일주 후기 (수정)");
  await page.getByRole("button", { name: "수정 완료" }).click();
  await expect(page).toHaveURL(new RegExp(`/board/free/${id}$`));
  await page.goto(`/board/write?id=${id}`);
  await expect(titleField(page)).toHaveValue("남해 일주 후기 (수정)");
});

test("refusals keep everything typed; leaving with changes asks first; only the author may edit", async ({
  page,
  visit,
  browser,
}) => {
  await newMember(page, "refused");
  await visit("/board/write");
  await editorReady(page);
  await expect(page.getByLabel("카테고리")).toBeDisabled();

  // Choosing a board loads its categories without losing what was typed.
  await titleField(page).fill("카테고리를 안 고른 글");
  await editorArea(page).click();
  await page.keyboard.type("지워지면 안 되는 내용");
  await page.getByLabel("게시판").selectOption({ label: "튜닝" });
  await expect(page).toHaveURL(/\?kind=tuning$/);
  await expect(page.getByLabel("카테고리").locator("option")).not.toHaveCount(1);
  await expect(titleField(page)).toHaveValue("카테고리를 안 고른 글");
  await expect(editorArea(page)).toHaveText("지워지면 안 되는 내용");

  await page.getByLabel("비공개").check();
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("alert")).toHaveText("카테고리를 선택해 주세요.");
  await expect(page.getByLabel("카테고리")).toHaveAttribute("aria-invalid", "true");
  await expect(titleField(page)).toHaveValue("카테고리를 안 고른 글");
  await expect(page.getByLabel("비공개")).toBeChecked();
  await expect(editorArea(page)).toHaveText("지워지면 안 되는 내용");

  await page.getByLabel("카테고리").selectOption({ index: 1 });
  await titleField(page).fill("");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("alert")).toHaveText("제목을 입력해 주세요.");
  await expect(titleField(page)).toHaveAttribute("aria-invalid", "true");

  await titleField(page).fill("내용 없는 글");
  await editorArea(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("alert")).toHaveText("내용을 입력해 주세요.");
  await expect(editorArea(page)).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // Leaving asks for confirmation; staying keeps the page.
  await editorArea(page).click();
  await page.keyboard.type("다시 쓴 내용");
  const leave = page.getByRole("alertdialog", {
    name: "작성 중인 내용이 저장되지 않았습니다. 이 페이지를 떠날까요?",
  });
  await page.getByRole("link", { name: "취소" }).click();
  await leave.getByRole("button", { name: "계속 작성" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/board\/write\?kind=tuning$/);
  await page.getByRole("link", { name: "취소" }).click();
  await leave.getByRole("button", { name: "떠나기" }).click();
  await expect(page).toHaveURL(/\/board\/tuning$/);

  // A private post of this member, opened for editing by someone else.
  await page.goto("/board/write?kind=qna");
  await editorReady(page);
  await page.getByLabel("카테고리").selectOption({ index: 1 });
  await titleField(page).fill("비공개 질문");
  await page.getByLabel("비공개").check();
  await editorArea(page).click();
  await page.keyboard.type("작성자만 고칠 수 있어야 합니다.");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page).toHaveURL(/\/board\/qna\/\d+$/);
  const path = new URL(page.url()).pathname;
  const id = path.split("/").pop();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, "minsu@demo.motomate.kr", "Demo-Ride-2026!");
  await expect(otherPage.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();
  const refused = await otherPage.goto(`/board/write?id=${id}`);
  expect(refused?.status()).toBe(403);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText(
    "작성자만 수정하거나 삭제할 수 있습니다.",
  );
  const missing = await otherPage.goto("/board/write?id=999999999");
  expect(missing?.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("삭제되었거나 없는 게시글입니다.");
  await other.close();
});

test("the same form sent twice creates one post; without JavaScript the plain form works", async ({
  page,
  browser,
}) => {
  await newMember(page, "twice");
  await page.goto("/board/write?kind=riding");
  await editorReady(page);
  const categoryId = await page.getByLabel("카테고리").locator("option").nth(1).getAttribute("value");
  const form = {
    kind: "riding",
    categoryId: categoryId!,
    title: "두 번 눌러도 한 번",
    content: "<p>한 번만 등록됩니다.</p>",
    token: randomUUID(),
  };
  const [first, second] = await Promise.all([
    page.request.post("/board/write", { form, maxRedirects: 0 }),
    page.request.post("/board/write", { form, maxRedirects: 0 }),
  ]);
  expect(first.status()).toBe(302);
  expect(second.status()).toBe(302);
  expect(first.headers().location).toMatch(/^\/board\/riding\/\d+$/);
  expect(second.headers().location).toBe(first.headers().location);
  const again = await page.request.post("/board/write", { form, maxRedirects: 0 });
  expect(again.headers().location).toBe(first.headers().location);

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/board/write");
  await noScript.getByLabel("게시판").selectOption({ label: "루트" });
  await titleField(noScript).fill("스크립트 없이 쓴 글");
  await noScript.getByLabel("내용").fill("첫 문단\n둘째 문단 <b>굵게?</b>");
  await noScript.getByRole("button", { name: "이 게시판의 카테고리 불러오기" }).click();
  await expect(titleField(noScript)).toHaveValue("스크립트 없이 쓴 글");
  await noScript.getByLabel("카테고리").selectOption({ index: 1 });
  await noScript.getByLabel("내용").fill("첫 문단\n둘째 문단");
  await noScript.getByRole("button", { name: "등록하기" }).click();
  await expect(noScript).toHaveURL(/\/board\/route\/\d+$/);
  const id = new URL(noScript.url()).pathname.split("/").pop();
  await noScript.goto(`/board/write?id=${id}`);
  await expect(noScript.getByLabel("내용")).toHaveValue("<p>첫 문단</p><p>둘째 문단</p>");
  await plain.close();
});

test("the guestbook and the English page", async ({ page, visit }) => {
  await newMember(page, "guest");
  await visit("/board/guestbook/write");
  await expect(page.getByRole("heading", { level: 1, name: "방명록 쓰기" })).toBeVisible();
  await expect(page.getByLabel("게시판")).toHaveCount(0);
  await expect(page.getByLabel("카테고리")).toHaveCount(0);
  await expect(page.getByLabel("비공개")).toHaveCount(0);
  await editorReady(page);
  await titleField(page).fill("들렀다 갑니다");
  await editorArea(page).click();
  await page.keyboard.type("안전 운전하세요!");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page).toHaveURL(/\/board\/guestbook\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  // A guestbook post is edited on the guestbook's page.
  await page.goto(`/board/write?id=${id}`);
  await expect(page).toHaveURL(new RegExp(`/board/guestbook/write\\?id=${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "방명록 수정" })).toBeVisible();

  await visit("/en/board/write?kind=route");
  await expect(page.getByRole("heading", { level: 1, name: "Write a post" })).toBeVisible();
  await expect(page.getByLabel("Board")).toHaveValue("route");
  await expect(page.getByLabel("Board").locator("option:checked")).toHaveText("Routes");
  await expect(page.getByText("Only you and administrators can read a private post.")).toBeVisible();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar).toBeVisible();
  for (const name of [
    "Subheading",
    "Bold",
    "Italic",
    "Strikethrough",
    "Bulleted list",
    "Numbered list",
    "Link",
  ]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toHaveAttribute("aria-pressed", "false");
  }
  await toolbar.getByRole("button", { name: "Add YouTube video" }).click();
  await page.getByLabel("YouTube video address").fill("not a video");
  await page.getByRole("button", { name: "Add video", exact: true }).click();
  await expect(
    page.getByText("Enter a YouTube video address (watch, youtu.be, shorts or embed)."),
  ).toBeVisible();
  await page.getByLabel("YouTube video address").fill(`https://www.youtube.com/shorts/${VIDEO_ID}`);
  await stubYoutube(page);
  await page.getByRole("button", { name: "Add video", exact: true }).click();
  await toolbar.getByRole("button", { name: "Add YouTube video" }).click();
  await expect(page.getByRole("alert")).toHaveText("YouTube video already registered.");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter a title." })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Content" }).locator("iframe")).toHaveCount(1);
  await page.getByLabel("Title").fill("Coastal road");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page).toHaveURL(/\/en\/board\/route\/\d+$/);
});

/** A vector as the form sends it: its marker paragraph, then its markup. */
const pieceOf = (vector: XssVector) => `<p>vector ${vector.id}</p>${vector.html}`;

interface XssBatch {
  vectors: XssVector[];
  /** The pieces joined, as one post's content. */
  content: string;
  /** Each piece as the server's sanitiser keeps it alone; the batch is kept as exactly these, joined. */
  kept: string[];
}

/**
 * The corpus in as few posts as isolation allows: a vector joins the batch before it only when the server's
 * sanitiser keeps the joined content as each piece alone, joined, and a post's media limits still hold.
 * The worker has no server runtime, so images count against the local storage's address, as on the test server.
 */
function xssBatches(): XssBatch[] {
  const batches: XssBatch[] = [];
  for (const vector of xssCorpus) {
    const piece = pieceOf(vector);
    const alone = readRichText(piece).html;
    const last = batches.at(-1);
    if (last) {
      // Unclosed markup accumulates, so the batch may nest too deeply where each piece alone does not.
      const together = readRichTextTask({ html: last.content + piece, imageBase: postImageBase() });
      if (
        together.kind === "read" &&
        together.reading.html === [...last.kept, alone].join("") &&
        together.reading.videos.length <= ARTICLE_MAX_VIDEOS &&
        together.reading.images.length <= ARTICLE_MAX_IMAGES
      ) {
        last.vectors.push(vector);
        last.content += piece;
        last.kept.push(alone);
        continue;
      }
    }
    batches.push({ vectors: [vector], content: piece, kept: [alone] });
  }
  return batches;
}

/** The batches, checked to hold every vector of the corpus once, in order. */
function checkedXssBatches(): XssBatch[] {
  const batches = xssBatches();
  expect(batches.flatMap((batch) => batch.vectors.map((vector) => vector.id))).toEqual(
    xssCorpus.map((vector) => vector.id),
  );
  return batches;
}

const batchLabel = (batch: XssBatch) =>
  batch.vectors.map((vector) => `${vector.id} ${vector.name}`).join("; ");

/** Every marker of the batch is shown, each as its own paragraph and in order: every piece was rendered apart. */
async function expectMarkers(where: Locator, batch: XssBatch) {
  await expect(where.locator("p").filter({ hasText: /^vector \d+$/, visible: true })).toHaveText(
    batch.vectors.map((vector) => `vector ${vector.id}`),
  );
}

function reportRenders(batches: XssBatch[], renders: number, places: string) {
  console.log(
    `xss: ${xssCorpus.length} vectors in ${batches.length} batches, ${renders} renders (${places})`,
  );
}

/** Every `__xss(n)` call and dialog of the page, as it happens. */
async function watchScripts(page: Page): Promise<string[]> {
  const executed: string[] = [];
  await page.exposeFunction("__xssCalled", (id: number) => executed.push(`__xss(${id})`));
  await page.addInitScript(() => {
    const report = (window as unknown as { __xssCalled: (id: number) => void }).__xssCalled;
    Object.defineProperty(window, "__xss", { value: (id: number) => report(id), configurable: false });
  });
  page.on("dialog", (dialog) => {
    executed.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return executed;
}

/** Attributes that would run script or load foreign markup, in the article body and the editing area. */
function dangerousAttributes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(`main [role=region][aria-label="본문"] *, [contenteditable] *`)].flatMap(
      (element) =>
        [...element.attributes]
          .filter(
            (attribute) =>
              /^on/i.test(attribute.name) ||
              /^\s*(javascript|vbscript|data):/i.test(attribute.value) ||
              ["srcdoc", "style", "formaction"].includes(attribute.name),
          )
          .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`),
    ),
  );
}

test("XSS corpus: refused posts come back into the editor as they would be kept, and no script runs", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const batches = checkedXssBatches();
  const executed = await watchScripts(page);
  await stubYoutube(page);
  await newMember(page, "echo");
  await page.goto("/board/write?kind=free");
  await editorReady(page);
  const categoryId = await page.getByLabel("카테고리").locator("option").nth(1).getAttribute("value");
  let renders = 0;
  for (const batch of batches) {
    // A document POST without a title, as a form without JavaScript sends it: the answer is rendered by the server.
    const answered = page.waitForEvent("load");
    await page.evaluate(
      (fields) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/board/write";
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { kind: "free", categoryId: categoryId!, title: "", content: batch.content, token: randomUUID() },
    );
    await answered;
    await expect(page.getByRole("alert")).toHaveText("제목을 입력해 주세요.");
    await editorReady(page);
    await expectMarkers(editorArea(page), batch);
    renders += 1;
    await page.waitForLoadState("networkidle");
    const html = await editorArea(page).innerHTML();
    expect(await dangerousAttributes(page), `${batchLabel(batch)}: ${html}`).toEqual([]);
    expect(executed, `${batchLabel(batch)}: ${html}`).toEqual([]);
  }
  reportRenders(batches, renders, "refused posts in the editor");
});

test("XSS corpus: stored through the write form, no script runs in the editor or on the article page", async ({
  page,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  const batches = checkedXssBatches();
  const executed = await watchScripts(page);
  await stubYoutube(page);
  await newMember(page, "xss");
  await page.goto("/board/write?kind=free");
  await editorReady(page);
  const categoryId = await page.getByLabel("카테고리").locator("option").nth(1).getAttribute("value");

  // The detector itself: unsanitised markup in the page and in a same-origin frame is refused by the page's
  // Content-Security-Policy, and both refusals are reported.
  await page.evaluate(() => {
    const control = document.createElement("div");
    control.id = "control";
    control.innerHTML =
      // Labelled, so that the accessibility check of the page, which may run while it is here, has nothing to say.
      '<img src="/missing.png" alt="" onerror="__xss(0)"><iframe title="detector" srcdoc="<script>parent.__xss(-1)</script>"></iframe>';
    document.body.append(control);
  });
  // Each refusal is reported twice: by the page's `securitypolicyviolation` listener, which a frame's own script
  // may run before, and by Chromium's console message. Either report counts; both refusals must be reported.
  const refusedDirectives = () =>
    [
      ...new Set(
        browserProblems.flatMap((problem) => {
          const directive = /Content Security Policy violation: (script-src-(?:attr|elem))/.exec(
            problem,
          )?.[1];
          if (directive) return [directive];
          if (problem.includes("Executing inline event handler violates")) return ["script-src-attr"];
          if (problem.includes("Executing inline script violates")) return ["script-src-elem"];
          return [];
        }),
      ),
    ].sort();
  await expect.poll(refusedDirectives, { timeout: 15_000 }).toEqual(["script-src-attr", "script-src-elem"]);
  expect(executed).toEqual([]);
  await page.evaluate(() => document.getElementById("control")?.remove());
  browserProblems.length = 0;

  const stored: Array<{ batch: XssBatch; id: string }> = [];
  for (const batch of batches) {
    const response = await page.request.post("/board/write", {
      form: {
        kind: "free",
        categoryId: categoryId!,
        title: `XSS ${batch.vectors[0]!.id}-${batch.vectors.at(-1)!.id}`,
        content: batch.content,
        token: randomUUID(),
      },
      maxRedirects: 0,
    });
    expect(response.status(), batchLabel(batch)).toBe(302);
    stored.push({ batch, id: response.headers().location!.split("/").pop()! });
  }

  let renders = 0;
  for (const { batch, id } of stored) {
    // In the editor: the stored HTML loaded back into Tiptap.
    await page.goto(`/board/write?id=${id}`);
    await editorReady(page);
    await expectMarkers(editorArea(page), batch);
    renders += 1;
    expect(await dangerousAttributes(page), batchLabel(batch)).toEqual([]);
    // On the article page: the stored HTML exactly as the server renders it for readers.
    await page.goto(`/board/free/${id}`);
    const content = page.getByRole("region", { name: "본문" });
    await expectMarkers(content, batch);
    renders += 1;
    await page.waitForLoadState("networkidle");
    const html = await content.innerHTML();
    // The browser builds the same elements from the batch as from each piece alone, one after the other.
    const apart = await page.evaluate((kept) => {
      const inert = document.implementation.createHTMLDocument("");
      return kept
        .map((piece) => {
          inert.body.innerHTML = piece;
          return inert.body.innerHTML;
        })
        .join("");
    }, batch.kept);
    expect(html, batchLabel(batch)).toBe(apart);
    expect(await dangerousAttributes(page), `${batchLabel(batch)}: ${html}`).toEqual([]);
    expect(executed, `${batchLabel(batch)}: ${html}`).toEqual([]);
    expect(browserProblems, `${batchLabel(batch)}: ${html}`).toEqual([]);
  }
  reportRenders(batches, renders, "stored posts in the editor and on the article page");
});

test("while the editor loads, the plain field takes typing and the page's status region stays the outcome's", async ({
  page,
}) => {
  await newMember(page, "loading");
  // The editor's chunk is held back: until it arrives the light field is all there is.
  let held: Route | undefined;
  await page.route(/\/assets\/TiptapEditor-[\w-]+\.js$/, (route) => {
    held = route;
  });
  await page.goto("/board/write");
  const field = page.getByRole("textbox", { name: "내용" });
  await expect(field).toHaveAccessibleDescription(/편집기를 불러오는 중/);
  await expect(page.getByRole("status")).toHaveCount(0);
  await field.fill("편집기 없이 쓴 본문");
  await expect.poll(() => held !== undefined).toBe(true);
  await held!.continue();
  await editorReady(page);
  await expect(editorArea(page)).toContainText("편집기 없이 쓴 본문");
});

test("a keystroke that lands as the editor takes the plain field's place is kept", async ({ page }) => {
  await newMember(page, "handover");
  let held: Route | undefined;
  await page.route(/\/assets\/TiptapEditor-[\w-]+\.js$/, (route) => {
    held = route;
  });
  await page.goto("/board/write");
  await editorArea(page).fill("편집기 전에 쓴 첫 줄");
  await expect.poll(() => held !== undefined).toBe(true);
  // The editor's first render puts a plain field of its own in the first one's place, and only later starts. A
  // keystroke right after that first render, before the editor has started, is as a fast typist's on a slow phone.
  await page.evaluate(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    const original = document.querySelector("textarea[name=content]");
    const observer = new MutationObserver(() => {
      const field = document.querySelector<HTMLTextAreaElement>("textarea[name=content]");
      if (!field || field === original) return;
      observer.disconnect();
      setValue.call(field, `${field.value} 그리고 둘째 줄`);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await held!.continue();
  await editorReady(page);
  await expect(editorArea(page)).toHaveText("편집기 전에 쓴 첫 줄 그리고 둘째 줄");
});
