import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { communityEvent, job, member, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { createLogger } from "#app/platform/logger.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  createEvent,
  deleteEvent,
  eventStartJob,
  eventStartKey,
  eventsForAdmin,
  getEvent,
  listEvents,
  notifyStartedEvents,
  participateInEvent,
  updateEvent,
} from "./events.server";

const HOUR = 60 * 60_000;
const clock = new FixedClock(new Date("2026-05-01T00:00:00Z"));
let runtime: Runtime;
let admin: TestMember;
let adminWithoutTwoFactor: TestMember;
let riders: TestMember[];

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  admin = await insertAdmin(runtime.db);
  adminWithoutTwoFactor = await insertMember(runtime.db, { role: "admin" });
  riders = await Promise.all([1, 2, 3, 4, 5].map(() => insertMember(runtime.db)));
});

async function problem(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

const input = (title: string, startsAt: Date, endsAt: Date) => ({
  title,
  summary: `${title} 요약`,
  contentHtml: `<p>${title} 안내</p><script>alert(1)</script>`,
  startsAt,
  endsAt,
});

describe("events", () => {
  it("are written by administrators with two-step verification only, with a valid period", async () => {
    const { db } = runtime;
    const now = clock.now();
    const valid = input("봄맞이 점검", new Date(now.getTime() + HOUR), new Date(now.getTime() + 2 * HOUR));
    const rider = riders[0]!;
    expect(await problem(createEvent(db, clock, rider, valid))).toBe("forbidden");
    expect(await problem(createEvent(db, clock, adminWithoutTwoFactor, valid))).toBe("forbidden");
    expect(await problem(createEvent(db, clock, admin, { ...valid, title: " " }))).toBe("title_required");
    expect(await problem(createEvent(db, clock, admin, { ...valid, summary: "" }))).toBe("summary_required");
    expect(await problem(createEvent(db, clock, admin, { ...valid, startsAt: null }))).toBe(
      "period_required",
    );
    expect(await problem(createEvent(db, clock, admin, { ...valid, endsAt: valid.startsAt }))).toBe(
      "period_invalid",
    );
    const { id } = await createEvent(db, clock, admin, valid);
    const [stored] = await db.select().from(communityEvent).where(eq(communityEvent.id, id));
    expect(stored!.contentHtml).toBe("<p>봄맞이 점검 안내</p>");
    expect(await problem(updateEvent(db, clock, rider, id, valid))).toBe("forbidden");
    expect(await problem(deleteEvent(db, clock, rider, id))).toBe("forbidden");
    expect(await problem(eventsForAdmin(db, clock, rider))).toBe("forbidden");
    // Each event asks the job worker to look for it at its start.
    const check = async () =>
      (
        await db
          .select()
          .from(job)
          .where(eq(job.dedupeKey, eventStartKey(id)))
      ).map((row) => ({
        status: row.status,
        runAt: row.runAt,
        payload: row.payload,
      }));
    expect(await check()).toEqual([{ status: "pending", runAt: valid.startsAt, payload: { eventId: id } }]);
    // A new start moves the pending check instead of adding one.
    const later = new Date(valid.startsAt.getTime() + 3 * HOUR);
    await updateEvent(db, clock, admin, id, {
      ...valid,
      startsAt: later,
      endsAt: new Date(later.getTime() + HOUR),
    });
    expect(await check()).toEqual([{ status: "pending", runAt: later, payload: { eventId: id } }]);
    // Deleting the event cancels its check in the same unit.
    await deleteEvent(db, clock, admin, id);
    expect(await check()).toMatchObject([{ status: "cancelled" }]);
    expect(await getEvent(db, clock, id, null)).toBeNull();
    expect(await problem(deleteEvent(db, clock, admin, id))).toBe("event_not_found");
  });

  it("move from upcoming to active to ended with the clock, and are listed under their state", async () => {
    const { db } = runtime;
    const start = new Date(clock.now().getTime() + 10 * HOUR);
    const { id } = await createEvent(
      db,
      clock,
      admin,
      input("야간 라이딩", start, new Date(start.getTime() + HOUR)),
    );
    const state = async () => (await getEvent(db, clock, id, null))!.state;
    const tabOf = async () => {
      for (const tab of ["upcoming", "active", "ended"] as const) {
        const { items } = await listEvents(db, clock, { tab, memberId: null });
        if (items.some((item) => item.id === id)) return tab;
      }
      return undefined;
    };
    expect(await state()).toBe("upcoming");
    expect(await tabOf()).toBe("upcoming");
    clock.set(start);
    expect(await state()).toBe("active");
    expect(await tabOf()).toBe("active");
    clock.advance(HOUR);
    expect(await state()).toBe("ended");
    expect(await tabOf()).toBe("ended");
  });

  it(
    "take each member once, count participants exactly under concurrency, and refuse outside the period",
    { tags: ["concurrency"] },
    async () => {
      const { db } = runtime;
      const start = new Date(clock.now().getTime() + HOUR);
      const { id } = await createEvent(
        db,
        clock,
        admin,
        input("인증샷 이벤트", start, new Date(start.getTime() + HOUR)),
      );
      expect(await problem(participateInEvent(db, clock, riders[0]!.id, id))).toBe("event_not_started");

      clock.set(start);
      const first = riders[0]!.id;
      // The same member twice at once, and everybody else at the same time.
      const outcomes = await Promise.allSettled([
        participateInEvent(db, clock, first, id),
        participateInEvent(db, clock, first, id),
        ...riders.slice(1).map((rider) => participateInEvent(db, clock, rider.id, id)),
      ]);
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect(refused).toHaveLength(1);
      expect(((refused[0] as PromiseRejectedResult).reason as DomainError).code).toBe("already_participated");
      expect(await problem(participateInEvent(db, clock, first, id))).toBe("already_participated");
      const event = await getEvent(db, clock, id, first);
      expect(event).toMatchObject({ participantCount: riders.length, participated: true, state: "active" });
      expect((await getEvent(db, clock, id, admin.id))!.participated).toBe(false);

      const joined = await listEvents(db, clock, { tab: "participated", memberId: first });
      expect(joined.items.map((item) => item.id)).toContain(id);
      expect((await listEvents(db, clock, { tab: "participated", memberId: null })).items).toEqual([]);

      clock.advance(HOUR);
      expect(await problem(participateInEvent(db, clock, admin.id, id))).toBe("event_ended");
      expect(await problem(participateInEvent(db, clock, admin.id, 999_999))).toBe("event_not_found");
      const unfinished = await insertMember(db);
      await db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, unfinished.id));
      expect(await problem(participateInEvent(db, clock, unfinished.id, id))).toBe("profile_required");
    },
  );

  it("notify active members once when they start, even when the start job runs twice", async () => {
    const { db } = runtime;
    // Events still running from the earlier tests are notified first, so that only the new one counts below.
    await notifyStartedEvents(db, clock);
    const start = new Date(clock.now().getTime() + 2 * HOUR);
    const { id } = await createEvent(
      db,
      clock,
      admin,
      input("시즌 오픈", start, new Date(start.getTime() + HOUR)),
    );
    const link = `/event/${id}`;
    const sent = async () => db.select().from(notification).where(eq(notification.link, link));

    const worker = new JobWorker({
      db,
      clock,
      logger: createLogger("silent"),
      registry: composeJobRegistry([eventStartJob]),
      pollIntervalMs: 1000,
    });
    await worker.drain();
    expect(await sent()).toEqual([]);

    clock.set(start);
    await worker.drain();
    await runInTransaction(db, clock, (uow) =>
      eventStartJob.handle({}, { uow, clock, logger: createLogger("silent") }),
    );
    expect(await notifyStartedEvents(db, clock)).toBe(0);
    const rows = await sent();
    const recipients = rows.map((row) => row.recipientId).sort();
    expect(recipients).toEqual([admin, adminWithoutTwoFactor, ...riders].map((one) => one.id).sort());
    expect(rows.every((row) => row.type === "event" && row.params.title === "시즌 오픈")).toBe(true);
    const [stored] = await db.select().from(communityEvent).where(eq(communityEvent.id, id));
    expect(stored!.startNotifiedAt).toEqual(start);
  });
});

describe("an event and its start check", () => {
  it("are written together: when the check cannot be stored, neither is the event or its change", async () => {
    const { db } = runtime;
    const start = new Date(clock.now().getTime() + HOUR);
    const period = [start, new Date(start.getTime() + HOUR)] as const;
    const { id } = await createEvent(db, clock, admin, input("점검 전 이벤트", ...period));
    await db.execute(sql`create function refuse_job() returns trigger language plpgsql as
      $$ begin raise exception 'job table unavailable'; end $$`);
    await db.execute(
      sql`create trigger refuse_job before insert or update on job execute function refuse_job()`,
    );
    try {
      const later = [new Date(start.getTime() + HOUR), new Date(start.getTime() + 2 * HOUR)] as const;
      await expect(
        createEvent(db, clock, admin, input("저장되면 안 되는 이벤트", ...period)),
      ).rejects.toThrow();
      await expect(
        updateEvent(db, clock, admin, id, input("바뀌면 안 되는 제목", ...later)),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_job on job`);
      await db.execute(sql`drop function refuse_job`);
    }
    const titles = (await db.select({ title: communityEvent.title }).from(communityEvent)).map(
      (row) => row.title,
    );
    expect(titles).not.toContain("저장되면 안 되는 이벤트");
    expect(titles).not.toContain("바뀌면 안 되는 제목");
    const [kept] = await db.select().from(communityEvent).where(eq(communityEvent.id, id));
    expect(kept!.startsAt).toEqual(start);
  });
});
