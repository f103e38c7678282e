import { beforeAll, describe, expect, it } from "vitest";
import { faqEntry } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  createFaqEntry,
  deleteFaqEntry,
  faqForAdmin,
  listFaq,
  seedFaqEntries,
  updateFaqEntry,
} from "./faq.server";
import { faqTabs } from "./tabs";

const clock = new FixedClock(new Date("2026-05-01T00:00:00Z"));
let runtime: Runtime;
let admin: TestMember;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  admin = await insertAdmin(runtime.db);
});

async function problem(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe("FAQ", () => {
  it(
    "is seeded once, complete in both languages, and never over administrators' changes",
    { tags: ["concurrency"] },
    async () => {
      const { db } = runtime;
      const added = await seedFaqEntries(db, clock, { welcomePoints: 3000 });
      expect(added).toBeGreaterThanOrEqual(24);
      const [ko, en] = [await listFaq(db, "ko"), await listFaq(db, "en")];
      for (const tab of faqTabs) {
        expect(ko[tab].length).toBeGreaterThanOrEqual(6);
        expect(en[tab].map((item) => item.id)).toEqual(ko[tab].map((item) => item.id));
        for (const item of ko[tab]) expect(item.question + item.answer).toMatch(/[가-힣]/);
        for (const item of en[tab]) expect(item.question + item.answer).not.toMatch(/[가-힣]/);
      }
      expect(ko.users.map((item) => item.answer).join(" ")).toContain("3,000P");
      expect(ko.service.map((item) => item.answer).join(" ")).toContain("10개");

      const first = (await faqForAdmin(db, admin)).find((entry) => entry.tab === "users");
      await updateFaqEntry(db, clock, admin, first!.id, { ...first!, questionKo: "관리자가 고친 질문" });
      await deleteFaqEntry(db, clock, admin, (await faqForAdmin(db, admin)).at(-1)!.id);
      const before = await db.select().from(faqEntry);
      expect(await seedFaqEntries(db, clock, { welcomePoints: 3000 })).toBe(0);
      await Promise.all([
        seedFaqEntries(db, clock, { welcomePoints: 3000 }),
        seedFaqEntries(db, clock, { welcomePoints: 3000 }),
      ]);
      expect(await db.select().from(faqEntry)).toEqual(before);
      expect((await listFaq(db, "ko")).users[0]!.question).toBe("관리자가 고친 질문");
    },
  );

  it("entries are written by administrators only, with both languages", async () => {
    const { db } = runtime;
    const rider = await insertMember(db, { twoFactorEnabled: true });
    const entry = {
      tab: "service",
      index: 0,
      questionKo: "앱이 있나요?",
      answerKo: "웹에서 바로 이용할 수 있습니다.",
      questionEn: "Is there an app?",
      answerEn: "You can use it right in the browser.",
    };
    expect(await problem(createFaqEntry(db, clock, rider, entry))).toBe("forbidden");
    expect(await problem(faqForAdmin(db, rider))).toBe("forbidden");
    expect(await problem(createFaqEntry(db, clock, admin, { ...entry, tab: "other" }))).toBe("tab_invalid");
    expect(await problem(createFaqEntry(db, clock, admin, { ...entry, questionEn: " " }))).toBe(
      "question_required",
    );
    expect(await problem(createFaqEntry(db, clock, admin, { ...entry, answerKo: "" }))).toBe(
      "answer_required",
    );
    expect(await problem(createFaqEntry(db, clock, admin, { ...entry, index: -1 }))).toBe("index_invalid");
    const { id } = await createFaqEntry(db, clock, admin, entry);
    expect((await listFaq(db, "en")).service[0]).toEqual({
      id,
      question: "Is there an app?",
      answer: entry.answerEn,
    });
    expect(await problem(updateFaqEntry(db, clock, rider, id, entry))).toBe("forbidden");
    expect(await problem(deleteFaqEntry(db, clock, rider, id))).toBe("forbidden");
    await deleteFaqEntry(db, clock, admin, id);
    expect((await listFaq(db, "en")).service.map((item) => item.id)).not.toContain(id);
    expect(await problem(deleteFaqEntry(db, clock, admin, id))).toBe("faq_not_found");
  });
});
