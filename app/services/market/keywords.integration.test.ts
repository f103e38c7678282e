import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { job, notification } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { blindMember } from "#app/services/members/relations.server";
import { setAlarmSetting } from "#app/services/notifications/settings.server";
import { insertMember } from "#tests/setup/members";
import { insertListing, listingInput } from "#tests/setup/market";
import { createTestRuntime } from "#tests/setup/runtime";
import { KEYWORD_LIMIT } from "./kinds";
import { deleteKeyword, keywordAlertsJob, listKeywords, marketJobs, saveKeyword } from "./keywords.server";
import { checkListing, deleteListing, insertListing as insertListingRow } from "./listings.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const clock = systemClock;
const logger = createLogger("silent");

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

/** Random Hangul syllables: words no other test writes, so each test sees only its own matches. */
function word(length = 4) {
  return Array.from({ length }, () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11172))).join(
    "",
  );
}

/** Runs every due job as the worker does: each in its own unit, marked done with it. */
async function runJobs() {
  const worker = new JobWorker({
    db,
    clock,
    logger,
    registry: composeJobRegistry(marketJobs),
    pollIntervalMs: 1000,
  });
  return worker.drain();
}

const alertsOf = (articleId: number) =>
  db
    .select()
    .from(notification)
    .where(eq(notification.dedupeKey, `market-keyword:${articleId}`));

describe("saved keywords", () => {
  it("are trimmed, their spaces collapsed, listed in the order saved, and refused when invalid", async () => {
    const me = await insertMember(db);
    const saved = await saveKeyword(db, clock, me, { keyword: "  포르자   350 " });
    expect(saved).toMatchObject({ keyword: "포르자 350", kind: null, areaCode: null });
    await saveKeyword(db, clock, me, { keyword: "헬멧", kind: "gear", areaCode: "seoul-mapo" });
    expect((await listKeywords(db, me)).map((row) => [row.keyword, row.kind, row.areaCode])).toEqual([
      ["포르자 350", null, null],
      ["헬멧", "gear", "seoul-mapo"],
    ]);
    const attempt = (input: Parameters<typeof saveKeyword>[3]) => code(saveKeyword(db, clock, me, input));
    expect(await attempt({ keyword: " 헬 " })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "헬\u200B\u3164" })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "가".repeat(21) })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "가".repeat(20) })).toBe("ok");
    expect(await attempt({ keyword: "장갑", kind: "total" })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "장갑", kind: "free" })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "장갑", areaCode: "seoul" })).toBe("keyword_invalid");
    expect(await attempt({ keyword: "장갑", areaCode: "atlantis" })).toBe("keyword_invalid");
    expect(await listKeywords(db, await insertMember(db))).toEqual([]);
  });

  it("refuse the same keyword, case aside, for the same kind and district, and allow it narrowed otherwise", async () => {
    const me = await insertMember(db);
    await saveKeyword(db, clock, me, { keyword: "Forza" });
    expect(await code(saveKeyword(db, clock, me, { keyword: " forza " }))).toBe("keyword_exists");
    expect(await code(saveKeyword(db, clock, me, { keyword: "FORZA", kind: "over125Scooter" }))).toBe("ok");
    expect(
      await code(
        saveKeyword(db, clock, me, { keyword: "forza", kind: "over125Scooter", areaCode: "seoul-mapo" }),
      ),
    ).toBe("ok");
    expect(await code(saveKeyword(db, clock, me, { keyword: "Forza", kind: "over125Scooter" }))).toBe(
      "keyword_exists",
    );
    // Another member's keywords are theirs.
    expect(await code(saveKeyword(db, clock, await insertMember(db), { keyword: "forza" }))).toBe("ok");
  });

  it(`are at most ${KEYWORD_LIMIT} per member`, async () => {
    const me = await insertMember(db);
    for (let i = 0; i < KEYWORD_LIMIT; i += 1) await saveKeyword(db, clock, me, { keyword: `키워드${i}` });
    expect(await code(saveKeyword(db, clock, me, { keyword: "하나 더" }))).toBe("keyword_limit");
    // A duplicate is named as such even at the limit.
    expect(await code(saveKeyword(db, clock, me, { keyword: "키워드0" }))).toBe("keyword_exists");
    const [first] = await listKeywords(db, me);
    await deleteKeyword(db, clock, me, first!.id);
    expect(await code(saveKeyword(db, clock, me, { keyword: "하나 더" }))).toBe("ok");
  });

  it("hold the limit and refuse duplicates under simultaneous saves", { tags: ["concurrency"] }, async () => {
    const me = await insertMember(db);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => code(saveKeyword(db, clock, me, { keyword: `동시${i}` }))),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(KEYWORD_LIMIT);
    expect(
      outcomes.filter((outcome) => outcome !== "ok").every((outcome) => outcome === "keyword_limit"),
    ).toBe(true);
    expect(await listKeywords(db, me)).toHaveLength(KEYWORD_LIMIT);

    const other = await insertMember(db);
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        code(saveKeyword(db, clock, other, { keyword: i % 2 ? "Helmet" : "helmet" })),
      ),
    );
    expect(same.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(same.filter((outcome) => outcome !== "ok").every((outcome) => outcome === "keyword_exists")).toBe(
      true,
    );
  });

  it("are deleted by their member only", async () => {
    const me = await insertMember(db);
    const other = await insertMember(db);
    const saved = await saveKeyword(db, clock, me, { keyword: "머플러" });
    expect(await code(deleteKeyword(db, clock, other, saved.id))).toBe("keyword_not_found");
    expect(await listKeywords(db, me)).toHaveLength(1);
    await deleteKeyword(db, clock, me, saved.id);
    expect(await listKeywords(db, me)).toEqual([]);
    expect(await code(deleteKeyword(db, clock, me, saved.id))).toBe("keyword_not_found");
    expect(await code(deleteKeyword(db, clock, me, Number.NaN))).toBe("keyword_not_found");
  });
});

describe("keyword alerts", () => {
  it("are scheduled in the new listing's unit of work, keyed by the listing", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    const [scheduled] = await db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `market.keywordAlerts:${id}`));
    expect(scheduled).toMatchObject({ kind: "market.keywordAlerts", payload: { articleId: id } });
    await runJobs();
  });

  it("tell each matching member once, by title or text, kind and district, never the seller or who hid them", async () => {
    const tag = word();
    const seller = await insertMember(db);
    const byTitle = await insertMember(db);
    const byText = await insertMember(db);
    const byCase = await insertMember(db);
    const twice = await insertMember(db);
    const rightKind = await insertMember(db);
    const wrongKind = await insertMember(db);
    const rightArea = await insertMember(db);
    const wrongArea = await insertMember(db);
    const hider = await insertMember(db);
    const switchedOff = await insertMember(db);
    const unrelated = await insertMember(db);
    const save = (
      member: typeof seller,
      keyword: string,
      narrow: { kind?: string; areaCode?: string } = {},
    ) => saveKeyword(db, clock, member, { keyword, ...narrow });
    await save(seller, `헬멧${tag}`);
    await save(byTitle, `스헬멧${tag}`);
    await save(byText, `스모크${tag}`);
    await save(byCase, `SHOEI${tag}`);
    await save(twice, `헬멧${tag}`);
    await save(twice, `${tag}쇼에이`);
    await save(rightKind, `헬멧${tag}`, { kind: "gear" });
    await save(wrongKind, `헬멧${tag}`, { kind: "parts" });
    await save(rightArea, `헬멧${tag}`, { areaCode: "seoul-yeongdeungpo" });
    await save(wrongArea, `헬멧${tag}`, { areaCode: "seoul-mapo" });
    await save(hider, `헬멧${tag}`);
    await blindMember(db, clock, hider.id, seller.id);
    await save(switchedOff, `헬멧${tag}`);
    await setAlarmSetting(db, clock, switchedOff.id, "marketKeyword", false);
    await save(unrelated, `장갑${tag}`);

    const id = await insertListing(db, clock, seller, "gear", {
      title: `Shoei${tag}쇼에이 풀페이스헬멧${tag} 팝니다`,
      contentHtml: `<p>쉴드는 다크스모크${tag}로 교체했습니다.</p>`,
      areaCode: "seoul-yeongdeungpo",
    });
    await runJobs();
    // A second run of the same work (a retry after a crash) sends nothing twice.
    await runInTransaction(db, clock, (uow) =>
      keywordAlertsJob.handle({ articleId: id }, { uow, clock, logger }),
    );

    const alerts = await alertsOf(id);
    const recipients = (members: (typeof seller)[]) => members.map((member) => member.id).sort();
    expect(alerts.map((alert) => alert.recipientId).sort()).toEqual(
      recipients([byTitle, byText, byCase, twice, rightKind, rightArea]),
    );
    const of = (member: typeof seller) => alerts.find((alert) => alert.recipientId === member.id)!;
    expect(of(byTitle)).toMatchObject({
      type: "marketKeyword",
      actorId: seller.id,
      params: { keyword: `스헬멧${tag}`, title: `Shoei${tag}쇼에이 풀페이스헬멧${tag} 팝니다` },
      link: `/market/gear/${id}`,
    });
    // The first keyword saved names the alert.
    expect(of(twice).params).toEqual({
      keyword: `헬멧${tag}`,
      title: `Shoei${tag}쇼에이 풀페이스헬멧${tag} 팝니다`,
    });
    expect(of(byCase).params.keyword).toBe(`SHOEI${tag}`);
  });

  it("skip a listing deleted before the job ran", async () => {
    const tag = word();
    const seller = await insertMember(db);
    const watcher = await insertMember(db);
    await saveKeyword(db, clock, watcher, { keyword: `브레이크${tag}` });
    const id = await insertListing(db, clock, seller, "parts", { title: `브레이크${tag} 패드` });
    await deleteListing(db, clock, seller, id);
    await runJobs();
    expect(await alertsOf(id)).toEqual([]);
    const [ran] = await db
      .select({ status: job.status })
      .from(job)
      .where(and(eq(job.kind, "market.keywordAlerts"), eq(job.dedupeKey, `market.keywordAlerts:${id}`)));
    expect(ran!.status).toBe("done");
  });

  it("are not scheduled for demo listings", async () => {
    const seller = await insertMember(db);
    const checked = await checkListing(db, clock, await listingInput(db, "gear"));
    const { id } = await insertListingRow(db, clock, seller, checked, { demo: true });
    expect(
      await db
        .select()
        .from(job)
        .where(eq(job.dedupeKey, `market.keywordAlerts:${id}`)),
    ).toEqual([]);
  });
});
