import { and, asc, eq, getTableColumns, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { contentReport, member, transitionLog } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createTestDatabase } from "#tests/setup/database";
import { reportQueue } from "./board/report-machine.server";
import { DomainError } from "./errors";
import { onboarding } from "./members/onboarding-machine.server";
import type { AnyMachine } from "./state-machine";
import type { PgTable } from "drizzle-orm/pg-core";
import { applyTransition, type BoundMachine, type TransitionInput } from "./state-machine.server";

/**
 * Random sequences of (subject, transition, actor role) commands against each of the product's machines, on the
 * real database: the state is always one of the machine's, a command the graph and the actor allow moves the
 * subject exactly as the machine's data says and adds exactly one log row (in order, chaining from the initial
 * state), and any other command is refused with the right error while changing nothing and logging nothing.
 */

const clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));
const SUBJECTS = 3;
let db: Database;
const memberIds = Array.from({ length: SUBJECTS }, (_, n) => `machine-member-${n}`);
const adminId = "machine-admin";
let reportIds: number[] = [];

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await db.insert(member).values(
    [...memberIds, adminId].map((id, n) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      nickname: `machine${n}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
  const rows = await db
    .insert(contentReport)
    .values(
      memberIds.map((id) => ({
        targetType: "member",
        targetMemberId: id,
        reporterId: adminId,
        reason: "도배",
        createdAt: new Date(),
      })),
    )
    .returning({ id: contentReport.id });
  reportIds = rows.map((row) => row.id);
});

interface Command {
  /** Index into the subjects; SUBJECTS names a subject that does not exist. */
  subject: number;
  transition: string;
  role: string;
  reason: string | null;
}

const commands = (machine: AnyMachine) =>
  fc.array(
    fc.record({
      subject: fc.integer({ min: 0, max: SUBJECTS }),
      // Sometimes a name the machine does not have.
      transition: fc.constantFrom(...machine.transitions.map((t) => t.name as string), "teleport"),
      role: fc.constantFrom(...(machine.roles as string[]), "system"),
      reason: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 25 },
  );

/** The machine's data read directly: where the command leads, or the refusal the engine must answer. */
type Expected = { to: string } | { refusal: string };

function expected(machine: AnyMachine, state: string, command: Command): Expected {
  const transition = machine.transitions.find((t) => t.name === command.transition);
  if (!transition || !transition.from.includes(state)) return { refusal: "transition_not_allowed" };
  if (!transition.actors.includes(command.role)) return { refusal: "transition_forbidden" };
  return { to: transition.to as string };
}

type AnyBound = BoundMachine<AnyMachine, PgTable, TransitionInput>;

interface Case {
  bound: AnyBound;
  /** The subjects' ids, as the machine's id column holds them. */
  ids: () => Array<string | number>;
  missing: string | number;
  input: (actorId: string) => TransitionInput;
  /** What the effects leave besides the state (compared before and after a refused command). */
  extra: (id: string | number) => Promise<unknown>;
}

async function stateOf(bound: AnyBound, id: string | number) {
  const stateColumn = getTableColumns(bound.table)[bound.stateKey]!;
  const [row] = await db.select({ state: stateColumn }).from(bound.table).where(eq(bound.id, id));
  return row?.state as string;
}

async function logOf(machine: AnyMachine, ids: Array<string | number>) {
  return db
    .select()
    .from(transitionLog)
    .where(
      and(
        eq(transitionLog.machine, machine.name),
        inArray(
          transitionLog.subjectId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(transitionLog.id));
}

async function runCase({ bound, ids, missing, input, extra }: Case, reset: () => Promise<void>) {
  const { machine } = bound;
  await fc.assert(
    fc.asyncProperty(commands(machine), async (sequence) => {
      await reset();
      const subjects = ids();
      const model = new Map(subjects.map((id) => [id, machine.initial as string]));
      const applied: Array<{
        subjectId: string;
        from: string;
        to: string;
        transition: string;
        role: string;
      }> = [];
      for (const command of sequence) {
        const id = command.subject < SUBJECTS ? subjects[command.subject]! : missing;
        const actorId = command.role === "system" ? null : command.role === "admin" ? adminId : String(id);
        const before = model.get(id);
        const extraBefore = await extra(id);
        const logBefore = (await logOf(machine, [...subjects, missing])).length;
        const outcome = await runInTransaction(db, clock, (uow) =>
          applyTransition(
            uow,
            bound,
            id,
            command.transition as never,
            { role: command.role as never, id: actorId },
            { ...input(actorId ?? "system"), reason: command.reason } as never,
          ),
        ).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
        const want: Expected =
          before === undefined ? { refusal: "not_found" } : expected(machine, before, command);
        if ("to" in want) {
          expect(outcome).toEqual({ result: { from: before, to: want.to } });
          model.set(id, want.to);
          applied.push({
            subjectId: String(id),
            from: before!,
            to: want.to,
            transition: command.transition,
            role: command.role,
          });
        } else {
          expect("error" in outcome && outcome.error).toBeInstanceOf(DomainError);
          expect((outcome as { error: DomainError }).error.code).toBe(want.refusal);
          expect(await extra(id)).toEqual(extraBefore);
          expect((await logOf(machine, [...subjects, missing])).length).toBe(logBefore);
        }
        // Never outside the graph, and always what the model says.
        for (const subject of subjects) {
          const state = await stateOf(bound, subject);
          expect(machine.states).toContain(state);
          expect(state).toBe(model.get(subject));
        }
      }
      const log = await logOf(machine, [...subjects, missing]);
      expect(
        log.map((row) => ({
          subjectId: row.subjectId,
          from: row.fromState,
          to: row.toState,
          transition: row.transition,
          role: row.actorKind,
        })),
      ).toEqual(applied);
      expect(log.every((row) => row.createdAt.getTime() === clock.now().getTime())).toBe(true);
      // Each subject's log chains from the initial state to its current one.
      for (const subject of subjects) {
        const own = log.filter((row) => row.subjectId === String(subject));
        let at = machine.initial as string;
        for (const row of own) {
          expect(row.fromState).toBe(at);
          at = row.toState;
        }
        expect(at).toBe(model.get(subject));
      }
    }),
    { numRuns: 25 },
  );
}

describe("state machines on the database, under random commands by random actors", () => {
  it("the report queue never leaves its graph and never skips the log", async () => {
    await runCase(
      {
        bound: reportQueue as never,
        ids: () => reportIds,
        missing: 2_000_000_000,
        input: (actorId) => ({ handledBy: actorId, removeTarget: false }) as TransitionInput,
        extra: async (id) =>
          (
            await db
              .select({ handledBy: contentReport.handledBy, handledAt: contentReport.handledAt })
              .from(contentReport)
              .where(eq(contentReport.id, Number(id)))
          )[0] ?? null,
      },
      async () => {
        await db
          .update(contentReport)
          .set({ status: "open", handledBy: null, handledAt: null })
          .where(inArray(contentReport.id, reportIds));
        await db.delete(transitionLog).where(eq(transitionLog.machine, "content_report"));
      },
    );
  });

  it("onboarding never leaves its graph and never skips the log", async () => {
    await runCase(
      {
        bound: onboarding as never,
        ids: () => memberIds,
        missing: "machine-nobody",
        input: () => ({}),
        extra: async (id) =>
          (
            await db
              .select({ updatedAt: member.updatedAt })
              .from(member)
              .where(eq(member.id, String(id)))
          )[0] ?? null,
      },
      async () => {
        await db.update(member).set({ onboarding: "signed_up" }).where(inArray(member.id, memberIds));
        await db.delete(transitionLog).where(eq(transitionLog.machine, "onboarding"));
      },
    );
  });
});

describe("racing transitions", () => {
  it(
    "take a subject's transition once when asked concurrently, with one log row",
    { tags: ["concurrency"] },
    async () => {
      const [report] = await db
        .insert(contentReport)
        .values({
          targetType: "member",
          targetMemberId: memberIds[0]!,
          reporterId: memberIds[1]!,
          reason: "경쟁",
          createdAt: new Date(),
        })
        .returning({ id: contentReport.id });
      const attempts = await Promise.allSettled(
        (["resolve", "dismiss", "resolve", "dismiss"] as const).map((transition) =>
          runInTransaction(db, clock, (uow) =>
            applyTransition(
              uow,
              reportQueue,
              report!.id,
              transition,
              { role: "admin", id: adminId },
              { handledBy: adminId, removeTarget: false },
            ),
          ),
        ),
      );
      expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
      for (const attempt of attempts) {
        if (attempt.status === "rejected")
          expect(attempt.reason).toMatchObject({ code: "transition_not_allowed" });
      }
      expect(await logOf(reportQueue.machine, [report!.id])).toHaveLength(1);
    },
  );
});
