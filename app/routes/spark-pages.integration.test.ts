import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { recomputePodium } from "#app/services/sparks/podium.server";
import { giveSparks } from "#app/services/sparks/sparks.server";
import { startPageServer } from "#tests/setup/page-server";
import { signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";
import { insertReview } from "#tests/setup/spark-reviews";

/** The pages of sparks, the podium and gifts rendered whole through the edge, in both languages. */
let runtime: Runtime;
let site: Awaited<ReturnType<typeof startPageServer>>;
let author: SignedInMember;
let fan: SignedInMember;
let reviewId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  author = await signUpMember(runtime);
  fan = await signUpMember(runtime);
  reviewId = await insertReview(runtime.db, runtime.clock, author.id, { motorcycle: "mt07" });
  await runInTransaction(runtime.db, runtime.clock, (uow) => grantWelcomePoints(uow, author.id, 1000));
  site = await startPageServer(runtime);
}, 120_000);

afterAll(async () => {
  await site.close();
});

async function page(path: string, who?: SignedInMember) {
  const response = await fetch(`${site.base}${path}`, {
    headers: {
      cookie: `${who ? `${who.cookie}; ` : ""}i18n_redirected=${path.startsWith("/en") ? "en" : "ko"}`,
    },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

describe("spark pages", () => {
  it("show the podium and the hot reviews on the home page", async () => {
    // Before any page was asked for: the page server holds its own copy of them (30 seconds) once it has.
    await giveSparks(runtime.db, runtime.clock, fan.actor, reviewId, 4);
    await runInTransaction(runtime.db, runtime.clock, (uow) => recomputePodium(uow));
    const shown = await page("/en", fan);
    expect(shown.status).toBe(200);
    const podium = shown.html.slice(
      shown.html.indexOf('id="home-podium"'),
      shown.html.indexOf('id="home-hot-reviews"'),
    );
    expect(podium).toContain("Spark podium");
    expect(podium).toContain("No. 1");
    expect(podium).toContain(`/en/review/motorcycle/detail?id=${reviewId}`);
    expect(podium).toContain("2024 MT-07");
    expect(podium).toContain(`Review by ${author.nickname}`);
    expect(podium).toContain("4 sparks");
    const hot = shown.html.slice(
      shown.html.indexOf('id="home-hot-reviews"'),
      shown.html.indexOf('id="home-market"'),
    );
    expect(hot).toContain("Hot motorcycle reviews");
    expect(hot).toContain(`/en/review/motorcycle/detail?id=${reviewId}`);
    const korean = await page("/");
    expect(korean.html).toContain("스파크 포디움");
    expect(korean.html).toContain("MT-07 2024년식");
  });

  it("list received sparks on /my/spark with today's allowance", async () => {
    const mine = await page("/my/spark", author);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain("받은 스파크");
    expect(mine.html).toContain(`${fan.nickname} 님`);
    expect(mine.html).toContain("MT-07 2024년식 리뷰");
    const theirs = await page("/en/my/spark", fan);
    expect(theirs.html).toContain("6 of 10");
    expect((await page("/my/spark")).status).toBe(302);
  });

  it("show the gift form to reviewers and say why to everybody else on /point", async () => {
    const reviewer = await page("/my/point", author);
    expect(reviewer.status).toBe(200);
    expect(reviewer.html).toContain("받는 회원 닉네임");
    expect(reviewer.html).toContain('name="token"');
    const other = await page("/en/point", fan);
    expect(other.status).toBe(200);
    expect(other.html).toContain("Only members who wrote a motorcycle review can gift points.");
    expect(other.html).not.toContain('name="nickname"');
  });
});
