import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test } from "./fixtures";
import { signIn } from "./support/auth";
import { writePost } from "./support/community";

/** A demo member of the embedded database (README); signing in is quicker than a new sign-up. */
async function signInAsDemoMember(page: Page) {
  await signIn(page, "minsu@demo.motomate.kr", "Demo-Ride-2026!");
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();
}

/** How far the page reaches past the right edge of the window, and the elements that stick out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => !element.closest("[hidden], .overflow-x-auto, .leaflet-container"))
      .slice(0, 5)
      .map(
        (element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? "").trim().slice(0, 40)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, past };
  });
}

test.describe("app shell", () => {
  test("titles, canonical link and the header menu", async ({ page, visit }) => {
    await visit("/policy?utm_source=news&tab=2&fbclid=abc");
    await expect(page).toHaveTitle("약관 및 정책 | 모토메이트");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/policy\?tab=2$/);

    await visit("/");
    const toggle = page.getByRole("button", { name: "메뉴 열기" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "메뉴 닫기" })).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator("header nav").nth(1);
    await expect(panel.getByRole("link", { name: "정책" })).toBeVisible();
    // Every area of the menu has shipped: no entry is marked coming soon.
    await expect(panel.locator('[aria-disabled="true"]')).toHaveCount(0);
    // The market, the reviews and the meetings have shipped: their entries are links.
    await expect(panel.getByRole("link", { name: "오너 모임" })).toHaveAttribute("href", "/meeting/owner");
    await expect(panel.getByRole("link", { name: "구해요" })).toHaveAttribute("href", "/market/buy");
    await expect(panel.getByRole("link", { name: "인기 리뷰" })).toHaveAttribute(
      "href",
      "/review/motorcycle/hot",
    );
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "메뉴 열기" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the mobile tab bar and footer policy links", async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await visit("/");
    const tabs = page.getByRole("navigation", { name: "하단 탭" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link", { name: "홈" })).toHaveAttribute("aria-current", "page");
    const footer = page.getByRole("navigation", { name: "약관 및 정책" });
    await expect(footer.getByRole("link")).toHaveText([
      "이용약관",
      "개인정보처리방침",
      "게시판 운영정책",
      "중고거래 운영정책",
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tabs).toBeHidden();
  });

  test("a new page starts at the top", async ({ page, visit }) => {
    await visit("/policy/privacy");
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the loading bar shows during a slow navigation and hides after it", async ({ page, visit }) => {
    await visit("/policy");
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { includeHidden: true });
    await expect(bar).toHaveAttribute("data-state", "idle");
    await page
      .getByRole("link", { name: /개인정보처리방침/ })
      .first()
      .click();
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(page).toHaveURL(/\/policy\/privacy$/);
    await expect(bar).toHaveAttribute("data-state", "idle", { timeout: 5_000 });
  });
});

/** The main pages a new rider opens; those behind sign-in show the sign-in page to visitors. */
const mainPages = [
  "/",
  "/board/total",
  "{post}",
  "/board/guestbook",
  "/announce",
  "/faq",
  "/event",
  "/search",
  "/my",
  "/setting",
  "/profile",
  "/point",
  "/policy",
  "/login",
];

test.describe("no main page is wider than a phone", () => {
  for (const member of [false, true]) {
    for (const language of ["ko", "en"] as const) {
      test(`${member ? "a member" : "a visitor"} in ${language}, at 360 and 390 px`, async ({
        page,
        visit,
      }) => {
        test.setTimeout(180_000);
        if (member) await signInAsDemoMember(page);
        await page.goto("/board/total");
        const post = await page
          .getByRole("main")
          .locator("a")
          .evaluateAll((links) =>
            links
              .map((link) => link.getAttribute("href"))
              .find((href) => /^\/board\/[a-z]+\/\d+$/.test(href ?? "")),
          );
        expect(post).toBeTruthy();
        for (const path of mainPages) {
          const target = path === "{post}" ? post! : path;
          await page.setViewportSize({ width: 360, height: 800 });
          await visit(language === "en" ? (target === "/" ? "/en" : `/en${target}`) : target);
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          for (const width of [360, 390]) {
            await page.setViewportSize({ width, height: 800 });
            const measured = await overflow(page);
            expect(
              measured.scrollWidth,
              `${page.url()} at ${width} px is ${measured.scrollWidth} px wide: ${measured.past.join(", ")}`,
            ).toBeLessThanOrEqual(measured.innerWidth);
          }
        }
      });
    }
  }
});

test.describe("the phone header", () => {
  test("a visitor: logo, search and menu; sign-in, language and theme are in the menu, opened by keyboard", async ({
    page,
    visit,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await visit("/board/total");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "모토메이트" })).toBeVisible();
    await expect(header.getByRole("link", { name: "통합 검색" })).toBeVisible();
    await expect(header.getByRole("link", { name: "로그인" })).toBeHidden();
    await expect(header.getByRole("link", { name: "English로 보기" })).toBeHidden();
    await expect(header.getByRole("combobox", { name: "화면 모드" })).toBeHidden();

    const toggle = header.getByRole("button", { name: /^메뉴 (열기|닫기)$/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName("메뉴 닫기");
    const account = header.getByRole("region", { name: "계정과 화면 설정" });
    await expect(account.getByRole("link", { name: "로그인" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent("/board/total")}`,
    );
    await expect(account.getByRole("link", { name: "English로 보기" })).toBeVisible();
    await expectAccessible(page);
    // The menu is reached with Tab from its button, and its theme choice applies at once.
    await page.keyboard.press("Tab");
    await expect(account.getByRole("link", { name: "로그인" })).toBeFocused();
    await account.getByRole("combobox", { name: "화면 모드" }).selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    await toggle.click();
    await account.getByRole("link", { name: "English로 보기" }).click();
    await expect(page).toHaveURL(/\/en\/board\/total$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("a member: the bell in the bar, account and sign-out in the menu", async ({ page }) => {
    await signInAsDemoMember(page);
    await page.setViewportSize({ width: 360, height: 740 });
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /^알림/ })).toBeVisible();
    await expect(header.getByRole("button", { name: "로그아웃" })).toBeHidden();
    await header.getByRole("button", { name: "메뉴 열기" }).click();
    const account = header.getByRole("region", { name: "계정과 화면 설정" });
    await expect(account.getByRole("link", { name: "내 계정" })).toHaveAttribute("href", "/setting");
    await expectAccessible(page);
    await account.getByRole("button", { name: "로그아웃" }).click();
    await expect(header.getByRole("link", { name: /^알림/ })).toHaveCount(0);
    await header.getByRole("button", { name: "메뉴 열기" }).click();
    await expect(account.getByRole("link", { name: "로그인" })).toBeVisible();
  });
});

test.describe("theme", () => {
  test("the server renders the chosen theme with no flash", async ({ request }) => {
    const dark = await request.get("/", { headers: { Cookie: "i18n_redirected=ko; theme=dark" } });
    expect(await dark.text()).toMatch(/<html lang="ko" class="dark" data-theme-preference="dark"/);
    const light = await request.get("/", { headers: { Cookie: "i18n_redirected=ko; theme=light" } });
    expect(await light.text()).toMatch(/<html lang="ko" data-theme-preference="light"/);
  });

  test("auto follows the OS live; a choice is kept in a cookie and local storage", async ({
    page,
    visit,
    context,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await visit("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);

    // The theme is in the menu, at every width.
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    await page.getByRole("combobox", { name: "화면 모드" }).selectOption("dark");
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).toHaveClass(/dark/);
    expect((await context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("motomate.theme"))).toBe("dark");
    await expectAccessible(page);

    // Without the cookie the choice kept on this device is restored before the first paint.
    await context.clearCookies({ name: "theme" });
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    await expect(page.getByRole("combobox", { name: "화면 모드" })).toHaveValue("dark");
  });
});

test.describe("app updates", () => {
  test("after a new build is reported, the next navigation is a full page load", async ({ page, visit }) => {
    await visit("/");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

    await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
    await page.evaluate(() => window.__motomateCheckBuild?.());
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "개인정보처리방침" })
      .click();
    await expect(page).toHaveURL(/\/policy\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("개인정보처리방침");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  });

  test("a route chunk that fails to load reloads the target page, once per path in 10 s", async ({
    page,
    visit,
  }) => {
    await visit("/");
    let blocked = 0;
    await page.route(/\/assets\/document-[^/]+\.js$/, async (route) => {
      blocked++;
      if (blocked === 1) return route.abort("failed");
      return route.continue();
    });
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("이용약관");
    expect(blocked).toBeGreaterThanOrEqual(1);
    // The module never loaded in this document: the page arrived by a full load of the target.
    await expect.poll(() => loads.at(-1)).toBe("/policy/terms");
  });

  test("a chunk that stays unavailable does not reload in a loop", async ({ page, visit }) => {
    await visit("/");
    await page.route(/\/assets\/document-[^/]+\.js$/, (route) => route.abort("failed"));
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await page.waitForTimeout(3_000);
    expect(loads.filter((path) => path === "/policy/terms").length).toBeLessThanOrEqual(1);
    expect(loads.length).toBeLessThanOrEqual(3);
  });
});

test("Pretendard is served from this site and draws the text once loaded", async ({ page, visit }) => {
  const fonts: { url: string; status: number; type: string | undefined }[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".woff2"))
      fonts.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()["content-type"],
      });
  });
  await visit("/");
  await page.evaluate(() => document.fonts.ready);
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  const preloaded = new URL((await preload.getAttribute("href"))!, page.url()).href;
  expect(fonts.length).toBeGreaterThan(1);
  for (const font of fonts) {
    expect(new URL(font.url).origin).toBe(new URL(page.url()).origin);
    expect(font).toMatchObject({ status: 200, type: "font/woff2" });
  }
  expect(fonts.map((font) => font.url)).toContain(preloaded);
  expect(
    await page.evaluate(() =>
      [...document.fonts].some(
        (face) => face.family.replace(/"/g, "") === "Pretendard Variable" && face.status === "loaded",
      ),
    ),
  ).toBe(true);
  expect(await page.locator("body").evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(
    /^"Pretendard Variable"/,
  );
  // The font the browser actually drew the Korean heading with.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "header a" });
  const { fonts: drawn } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  expect(drawn.map((font) => font.familyName)).toEqual(["Pretendard Variable"]);
});

/** The share tags of a page as a visitor's request (a messenger's crawler) receives them. */
async function shareTags(request: APIRequestContext, path: string) {
  const html = await (await request.get(path, { headers: { Cookie: "i18n_redirected=ko" } })).text();
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const tags: Record<string, string> = {};
  for (const [, attributes] of html.matchAll(/<meta\s([^>]*?)\/?>/g)) {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes!)?.[1];
    const key = attribute("property") ?? attribute("name");
    const content = attribute("content");
    if (key && content !== undefined) tags[key] = unescape(content);
  }
  return tags;
}

test.describe("share previews", () => {
  test("a post shows its title, text and first picture; a post without one and other pages show the product's", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemoMember(page);
    const body =
      "토요일 새벽에 출발해서 남해 바닷길을 따라 하루 종일 달렸습니다. 물미해안도로의 굽은 길과 바다 색이 정말 좋았고, 점심은 멸치쌈밥을 먹었습니다. 다음에는 거제까지 돌아볼 생각입니다. 돌아오는 길에는 비가 와서 휴게소에서 한 시간 쉬었습니다.";
    const withPicture = await writePost(page, {
      title: `남해 "일주" <후기> ${Date.now()}`,
      body,
      image: true,
    });
    const picture = await page
      .getByRole("article")
      .locator("img[src^='/uploads/post/']")
      .first()
      .getAttribute("src");
    const without = await writePost(page, { title: `사진 없는 글 ${Date.now()}`, body: "짧은 글입니다." });

    const post = await shareTags(request, withPicture);
    expect(post).toMatchObject({
      "og:type": "article",
      "og:site_name": "모토메이트",
      "og:url": `${baseURL}${withPicture}`,
      "og:image": `${baseURL}${picture}`,
      "og:locale": "ko_KR",
      "twitter:card": "summary_large_image",
    });
    expect(post["og:title"]).toMatch(/^남해 "일주" <후기> \d+$/);
    expect(post["og:description"]).toMatch(/^토요일 새벽에 출발해서 남해 바닷길을 .*…$/);
    expect([...post["og:description"]!].length).toBeLessThanOrEqual(120);
    expect(post.description).toBe(post["og:description"]);

    const plain = await shareTags(request, without);
    expect(plain["og:title"]).toMatch(/^사진 없는 글 \d+$/);
    expect(plain["og:description"]).toBe("짧은 글입니다.");
    expect(plain["og:image"]).toBe(`${baseURL}/share.png`);

    const home = await shareTags(request, "/");
    expect(home).toMatchObject({
      "og:type": "website",
      "og:title": "모토메이트",
      "og:url": `${baseURL}/`,
      "og:image": `${baseURL}/share.png`,
      "og:image:width": "1200",
      "og:image:height": "600",
    });
    expect(home["og:description"]).toMatch(/^모토메이트는 /);
    expect((await shareTags(request, "/en/faq"))["og:locale"]).toBe("en_US");

    const image = await request.get("/share.png");
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(await sharp(await image.body()).metadata()).toMatchObject({ width: 1200, height: 600 });
  });
});
