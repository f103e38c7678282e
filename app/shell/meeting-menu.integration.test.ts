import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { startPageServer } from "#tests/setup/page-server";
import { signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";

/** The meeting area in the header menu, the tab bar, the home page and the member's own pages, rendered whole. */
let runtime: Runtime;
let site: Awaited<ReturnType<typeof startPageServer>>;
let rider: SignedInMember;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  rider = await signUpMember(runtime);
  site = await startPageServer(runtime);
}, 120_000);

afterAll(async () => {
  await site.close();
});

async function page(path: string) {
  const response = await fetch(`${site.base}${path}`, {
    headers: { cookie: `${rider.cookie}; i18n_redirected=${path.startsWith("/en") ? "en" : "ko"}` },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

const kinds = ["owner", "repair", "coaching", "rescue", "pickup"] as const;

/** The anchor of `href` in the html, with its text up to the closing tag. */
function anchors(html: string, href: string) {
  return [...html.matchAll(new RegExp(`<a[^>]*href="${href}"[^>]*>(.*?)</a>`, "g"))].map((match) => match[0]);
}

describe("the meeting area in the menus", () => {
  it("links every meeting entry of the header menu, the tab bar and the home page, none marked coming soon", async () => {
    for (const language of ["", "/en"]) {
      const home = await page(language || "/");
      expect(home.status).toBe(200);
      for (const kind of kinds) {
        // The header menu's entry and the home page's meeting card both link the kind's page.
        expect(anchors(home.html, `${language}/meeting/${kind}`).length, kind).toBeGreaterThanOrEqual(2);
      }
      const section = home.html.slice(
        home.html.indexOf('id="home-meetings"'),
        home.html.indexOf("</section>", home.html.indexOf('id="home-meetings"')),
      );
      expect(section).not.toContain(language ? "Coming soon" : "준비 중");
      expect(home.html).not.toMatch(/aria-disabled="true"[^>]*>[^<]*(오너 모임|Owner Meetups)/);
    }
  });

  it("leads every meeting link to a page that exists", async () => {
    for (const language of ["", "/en"]) {
      for (const kind of kinds) {
        const shown = await page(`${language}/meeting/${kind}`);
        expect(shown.status, `${language}/meeting/${kind}`).toBe(200);
      }
      const my = await page(`${language}/my`);
      expect(my.status).toBe(200);
      for (const path of ["/my/meeting", "/my/feedback"]) {
        expect(anchors(my.html, `${language}${path}`), path).toHaveLength(1);
        expect((await page(`${language}${path}`)).status, `${language}${path}`).toBe(200);
      }
    }
  });
});
