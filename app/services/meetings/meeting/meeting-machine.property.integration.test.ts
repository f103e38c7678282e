import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { meeting, type MeetingStatus } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { meetingMachine } from "./meeting-machine";
import { allowedActions, type MeetingAction } from "./meeting-actions";
import {
  insertSkill,
  meetingJobRows,
  meetingLog,
  meetingMessages,
  requestOf,
  runDueJobs,
  type MemberSkillRow,
} from "#app/services/meetings/meetings.fixtures";
import {
  cancelMeeting,
  endMeeting,
  requestMeeting,
  reserveMeeting,
  setAppointment,
  setPlace,
} from "./meetings.server";
import type { MeetingRole } from "./participants.server";
import { MEETING_EXPIRY_MS, reminderKey } from "./schedule.server";

/**
 * Random sequences of (command, actor, time advance) against the real meeting service on the real database. After
 * every step: the state is one of the machine's and the one a model of the rules predicts; a command succeeds exactly
 * when `allowedActions` gives it to the actor's role at that moment (and its input is valid); a refused command
 * changes nothing (row, log, messages, jobs); a successful one writes exactly one system message, and one log row
 * when it is a transition; a meeting ends only after its appointment.
 *
 * Reminders, precisely: once the due jobs have run, a pending reminder N (60 or 30) exists exactly when the meeting
 * is chatting or reserved, has an appointment, and the appointment minus N minutes is still ahead of now.
 */

const clock = new FixedClock(new Date("2026-08-03T00:00:00Z"));
let db: Database;
let provider: TestMember;
let other: TestMember;
let admin: TestMember;
let adminWithoutTwoFactor: TestMember;
let skill: MemberSkillRow;

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  provider = await insertMember(db);
  other = await insertMember(db);
  admin = await insertAdmin(db);
  adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
  skill = await insertSkill(db, provider.id, "coaching");
});

type ActorName = "requester" | "provider" | "other" | "admin" | "adminWithoutTwoFactor";
const commandNames = ["setAppointment", "setPlace", "reserve", "cancel", "end"] as const;
type CommandName = (typeof commandNames)[number];

interface Step {
  command: CommandName;
  actor: ActorName;
  /** setAppointment: minutes from now (the past included). */
  appointmentIn: number;
  /** cancel: a reason, or only spaces. */
  reason: string;
  /** Minutes the clock moves after the command (a week now and then, for the expiry). */
  advance: number;
}

/** Picks one value, `weight` times as often as a value of weight 1. */
const weighted = <T>(...options: Array<[T, number]>) =>
  fc.oneof(...options.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

// Weighted towards the two sides and valid input, so that long arranged meetings (reminders, reservations, ends)
// come up often; the refusals still do.
const steps = fc.array(
  fc.record({
    command: fc.constantFrom(...commandNames),
    actor: weighted<ActorName>(
      ["provider", 5],
      ["requester", 3],
      ["admin", 1],
      ["other", 1],
      ["adminWithoutTwoFactor", 1],
    ),
    appointmentIn: weighted([-30, 1], [0, 1], [20, 1], [45, 2], [90, 3], [240, 3]),
    reason: weighted(["일정 변경", 3], ["  ", 1]),
    advance: weighted<number>(
      [0, 4],
      [10, 2],
      [30, 2],
      [60, 2],
      [120, 2],
      [MEETING_EXPIRY_MS / MINUTE_MS, 1],
    ),
  }),
  { minLength: 1, maxLength: 16 },
);

interface Model {
  status: MeetingStatus;
  appointmentAt: Date | null;
  answered: boolean;
  createdAt: Date;
}

const transitionOf: Partial<Record<CommandName, "reserve" | "cancel" | "end">> = {
  reserve: "reserve",
  cancel: "cancel",
  end: "end",
};

function roleOf(name: ActorName): MeetingRole | null {
  if (name === "requester" || name === "provider") return name;
  if (name === "admin") return "admin";
  return null;
}

/** Whether the command should succeed, by the resolver and the input rules only. */
function expectedSuccess(model: Model, step: Step, now: Date): boolean {
  const role = roleOf(step.actor);
  if (!role) return false;
  if (!allowedActions(model, role, now).includes(step.command as MeetingAction)) return false;
  if (step.command === "setAppointment") return step.appointmentIn > 0;
  if (step.command === "cancel") return step.reason.trim() !== "";
  return true;
}

async function snapshot(id: number) {
  const [row] = await db.select().from(meeting).where(eq(meeting.id, id));
  return {
    row,
    log: await meetingLog(db, id),
    messages: await meetingMessages(db, id),
    jobs: await meetingJobRows(db, id),
  };
}

describe("the meeting machine through the meeting service", () => {
  it("keeps its invariants under random commands, actors and time", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const requester = await insertMember(db);
        const actors: Record<ActorName, TestMember> = {
          requester,
          provider,
          other,
          admin,
          adminWithoutTwoFactor,
        };
        const { id } = await requestMeeting(db, clock, requester, requestOf(skill, clock.now()));
        const model: Model = {
          status: "chatting",
          appointmentAt: null,
          answered: false,
          createdAt: clock.now(),
        };

        for (const step of sequence) {
          const now = clock.now();
          const before = await snapshot(id);
          const actor = actors[step.actor];
          const run = () => {
            switch (step.command) {
              case "setAppointment":
                return setAppointment(
                  db,
                  clock,
                  actor,
                  id,
                  new Date(now.getTime() + step.appointmentIn * MINUTE_MS),
                );
              case "setPlace":
                return setPlace(db, clock, actor, id, {
                  name: "여의나루역",
                  address: "서울 영등포구 여의동로 343",
                  latitude: 37.527,
                  longitude: 126.932,
                });
              case "reserve":
                return reserveMeeting(db, clock, actor, id);
              case "cancel":
                return cancelMeeting(db, clock, actor, id, step.reason);
              case "end":
                return endMeeting(db, clock, actor, id);
            }
          };
          const result = await run().then(
            () => "ok" as const,
            (error: unknown) => error,
          );
          const after = await snapshot(id);
          const succeed = expectedSuccess(model, step, now);

          if (!succeed) {
            expect(result).toBeInstanceOf(DomainError);
            expect(after).toEqual(before);
          } else {
            expect(result).toBe("ok");
            const transition = transitionOf[step.command];
            expect(after.messages).toHaveLength(before.messages.length + 1);
            if (transition) {
              const to = meetingMachine.transitions.find((t) => t.name === transition)!.to;
              expect(after.log).toHaveLength(before.log.length + 1);
              expect(after.log.at(-1)).toMatchObject({
                transition,
                fromState: model.status,
                toState: to,
                actorKind: roleOf(step.actor),
                actorId: actor.id,
              });
              model.status = to;
            } else {
              expect(after.log).toHaveLength(before.log.length);
            }
            const event = {
              setAppointment: "appointmentSet",
              setPlace: "placeSet",
              reserve: "reservationConfirmed",
              cancel: "reservationCancelled",
              end: "meetingEnded",
            }[step.command];
            expect(after.messages.at(-1)).toMatchObject({ kind: "system", event });
            if (step.command === "setAppointment")
              model.appointmentAt = new Date(now.getTime() + step.appointmentIn * MINUTE_MS);
            if (roleOf(step.actor) === "provider") model.answered = true;
          }

          clock.advance(step.advance * MINUTE_MS);
          await runDueJobs(db, clock);
          const later = clock.now();
          if (
            model.status === "chatting" &&
            !model.answered &&
            later.getTime() >= model.createdAt.getTime() + MEETING_EXPIRY_MS
          )
            model.status = "expired";

          const state = await snapshot(id);
          expect(meetingMachine.states).toContain(state.row!.status);
          expect(state.row!.status).toBe(model.status);
          expect(state.row!.appointmentAt).toEqual(model.appointmentAt);
          if (state.row!.status === "ended")
            expect(state.row!.endedAt!.getTime()).toBeGreaterThanOrEqual(state.row!.appointmentAt!.getTime());
          // The log chains from the initial state to the current one.
          let at: string = meetingMachine.initial;
          for (const entry of state.log) {
            expect(entry.fromState).toBe(at);
            at = entry.toState;
          }
          expect(at).toBe(model.status);
          for (const minutes of [60, 30] as const) {
            const pending = state.jobs.filter(
              (j) => j.key === reminderKey(id, minutes) && j.status === "pending",
            );
            const due = model.appointmentAt ? model.appointmentAt.getTime() - minutes * MINUTE_MS : null;
            const expected =
              (model.status === "chatting" || model.status === "reserved") &&
              due !== null &&
              due > later.getTime();
            expect(pending.map((j) => j.runAt)).toEqual(expected ? [new Date(due!)] : []);
          }
        }
        // A day between runs: the jobs of this one do not fall due in the next one's steps unnoticed.
        clock.advance(DAY_MS);
        await runDueJobs(db, clock);
      }),
      { numRuns: 80 },
    );
  });
});
