import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { memberSkill } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertMember, type TestMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { acceptOffer, declineOffer, makeOffer } from "./market/offers.server";
import { meetings } from "./meetings/meeting/meeting-machine.server";
import {
  insertSkill,
  meetingLog,
  meetingMessages,
  notificationsOf,
  requestOf,
  runDueJobs,
} from "./meetings/meetings.fixtures";
import { requestMeeting } from "./meetings/meeting/meetings.server";
import { MEETING_EXPIRY_MS } from "./meetings/meeting/schedule.server";
import { applyTransition } from "./state-machine.server";

/**
 * A transition's effects are declared on its machine's binding, so whoever takes it (a member through a service, the
 * system from a job or from another member's act) writes the same chat lines and notifications.
 */

let db: Database;
const clock = new FixedClock(new Date("2026-06-01T01:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** What a notification says, without what differs between two subjects (ids, times, the subject's own link). */
const said = (row: { type: string; actorId: string | null; params: unknown; link: string | null }) => ({
  type: row.type,
  actorId: row.actorId,
  params: row.params,
  link: row.link?.replace(/\d+|room=[\w-]+/g, "…") ?? null,
});

describe("a meeting's transition effects", () => {
  it("are declared for every transition of the meeting machine", () => {
    expect(Object.keys(meetings.effects).sort()).toEqual(
      meetings.machine.transitions.map((t) => t.name).sort(),
    );
  });

  /** A request to the one provider: two requests differ only in who asked. */
  async function opened(provider: TestMember) {
    const requester = await insertMember(db);
    const [skill] = await db.select().from(memberSkill).where(eq(memberSkill.memberId, provider.id));
    const { id } = await requestMeeting(db, clock, requester, requestOf(skill!, clock.now()));
    return { requester, id };
  }

  /** The chat's lines after the request's own (which names who asked). */
  const lines = async (id: number) =>
    (await meetingMessages(db, id))
      .slice(1)
      .map((m) => ({ kind: m.kind, senderId: m.senderId, event: m.event, values: m.eventValues }));

  it("are the same when the expiry job expires a request as when the machine's expire is taken directly", async () => {
    const provider = await insertMember(db);
    await insertSkill(db, provider.id, "repair");
    const byJob = await opened(provider);
    const direct = await opened(provider);
    await runInTransaction(db, clock, (uow) =>
      applyTransition(
        uow,
        meetings,
        direct.id,
        "expire",
        { role: "system", id: null },
        {
          by: { role: "system", id: null },
        },
      ),
    );
    clock.advance(MEETING_EXPIRY_MS + MINUTE_MS);
    await runDueJobs(db, clock);

    for (const side of [byJob, direct]) {
      expect((await meetingLog(db, side.id)).map((l) => [l.transition, l.actorKind])).toEqual([
        ["expire", "system"],
      ]);
    }
    expect(await lines(byJob.id)).toEqual(await lines(direct.id));
    expect((await lines(byJob.id)).map((l) => l.event)).toEqual(["meetingExpired"]);
    const told = async (side: { requester: TestMember }) =>
      (await notificationsOf(db, side.requester.id, "meetingExpired")).map(said);
    expect(await told(byJob)).toHaveLength(1);
    expect(await told(byJob)).toEqual(await told(direct));
  });
});

describe("an offer's transition effects", () => {
  it("tell its maker the same when the seller declines it as when the system does (another was accepted)", async () => {
    const seller = await insertMember(db);
    const declinedBySeller = await insertMember(db);
    const declinedBySystem = await insertMember(db);
    const accepted = await insertMember(db);
    const listing = () => insertListing(db, clock, seller, "gear", { title: "헬멧 팝니다", price: 150_000 });
    const first = await listing();
    const second = await listing();
    const offer = async (buyer: TestMember, articleId: number) => {
      clock.advance(MINUTE_MS);
      return (await makeOffer(db, clock, buyer, articleId, { price: 120_000, message: "" })).id;
    };

    await declineOffer(db, clock, seller, await offer(declinedBySeller, first));
    await offer(declinedBySystem, second);
    await acceptOffer(db, clock, seller, await offer(accepted, second));

    const declined = async (buyer: TestMember) =>
      (await notificationsOf(db, buyer.id, "marketOfferDeclined")).map(said);
    expect(await declined(declinedBySeller)).toEqual([
      {
        type: "marketOfferDeclined",
        actorId: seller.id,
        params: { title: "헬멧 팝니다", price: 120_000 },
        link: expect.any(String),
      },
    ]);
    expect(await declined(declinedBySystem)).toEqual(await declined(declinedBySeller));
  });
});
