import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { member, rescueCall, rescueCallTarget } from "#app/db/schema";
import { cancelJobs, defineJob } from "#app/platform/jobs.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { notify } from "#app/services/notifications/notify.server";
import { applyTransition, bindMachine, type TransitionInput } from "#app/services/state-machine.server";
import { createMeeting, meetingChatPath } from "#app/services/meetings/meeting/meetings.server";
import { rescueCallMachine } from "./rescue-machine";

export type RescueCallRow = typeof rescueCall.$inferSelect;
type RescueTarget = typeof rescueCallTarget.$inferSelect;

export const rescueExpiryKey = (callId: number) => `rescue:expire:${callId}`;
export const kilometres = (metres: number) => Math.round(metres / 100) / 10;

/** What a rescue call's transition is given: for an acceptance, the accepting expert's place in the call. */
export interface RescueInput extends TransitionInput {
  target?: RescueTarget;
}

/** Takes the call off every list it is still waiting on, and its expiry with it. */
async function withdrawPendingTargets(uow: UnitOfWork, callId: number): Promise<string[]> {
  await cancelJobs(uow, rescueExpiryKey(callId));
  const rows = await uow.tx
    .update(rescueCallTarget)
    .set({ status: "withdrawn" })
    .where(and(eq(rescueCallTarget.callId, callId), eq(rescueCallTarget.status, "pending")))
    .returning({ providerId: rescueCallTarget.providerId });
  return rows.map((row) => row.providerId);
}

/**
 * The first expert's acceptance: the meeting opens (the call keeps it), the other experts' requests are withdrawn
 * (each told), and the requester hears who is coming and from how far.
 */
async function accepted(uow: UnitOfWork, call: RescueCallRow, { target }: RescueInput) {
  if (!target) throw new Error("A rescue call is accepted by one of its experts");
  const { tx } = uow;
  const created = await createMeeting(uow, {
    kind: "rescue",
    requesterId: call.requesterId,
    providerId: target.providerId,
    skillId: target.skillId,
    request: { locationName: call.areaName, situation: call.situation },
    wishAt: null,
    memo: "",
    requestAreaName: call.areaName,
    requestLatitude: call.latitude,
    requestLongitude: call.longitude,
    rescueCallId: call.id,
  });
  await tx.update(rescueCall).set({ meetingId: created.id }).where(eq(rescueCall.id, call.id));
  await tx
    .update(rescueCallTarget)
    .set({ status: "accepted" })
    .where(and(eq(rescueCallTarget.callId, call.id), eq(rescueCallTarget.providerId, target.providerId)));
  for (const other of await withdrawPendingTargets(uow, call.id)) {
    await notify(uow, {
      recipientId: other,
      type: "rescueWithdrawn",
      params: {},
      link: "/meeting/rescue/calls",
      dedupeKey: `rescueWithdrawn:${call.id}`,
    });
  }
  const [expert] = await tx
    .select({ nickname: member.nickname })
    .from(member)
    .where(eq(member.id, target.providerId));
  await notify(uow, {
    recipientId: call.requesterId,
    type: "rescueAccepted",
    actorId: target.providerId,
    params: { nickname: expert?.nickname ?? "", distance: kilometres(target.distanceM) },
    link: meetingChatPath(created),
    dedupeKey: `rescueAccepted:${call.id}`,
  });
}

/**
 * The rescue call machine on `rescue_call.status`. Accepting opens the meeting; withdrawing (the requester) and
 * expiring (the system: the time ran out, or every expert declined) take the call off every expert's list.
 */
export const rescueCalls = bindMachine<typeof rescueCallMachine, typeof rescueCall, RescueInput>(
  rescueCallMachine,
  {
    table: rescueCall,
    id: rescueCall.id,
    state: rescueCall.status,
    effects: {
      accept: accepted,
      withdraw: async (uow, call) => void (await withdrawPendingTargets(uow, call.id)),
      expire: async (uow, call) => void (await withdrawPendingTargets(uow, call.id)),
    },
  },
);

export async function lockCall(uow: UnitOfWork, callId: number): Promise<RescueCallRow | undefined> {
  const [row] = await uow.tx.select().from(rescueCall).where(eq(rescueCall.id, callId)).for("update");
  return row;
}

/** Closes a call nobody accepted in time; a call already answered or withdrawn is left as it is (idempotent). */
export const rescueExpireJob = defineJob("meetings.rescueExpire", {
  payload: z.object({ callId: z.number().int().positive() }).strict(),
  handle: async ({ callId }, { uow }) => {
    const call = await lockCall(uow, callId);
    if (call?.status === "open")
      await applyTransition(
        uow,
        rescueCalls,
        callId,
        "expire",
        { role: "system", id: null },
        { reason: "timeout" },
      );
  },
});
