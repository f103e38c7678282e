import { and, eq, inArray } from "drizzle-orm";
import { boardArticle, listingInspection } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { memberName } from "#app/services/members/display-name.server";
import { notifyMany } from "#app/services/notifications/notify.server";
import type { AlarmType } from "#app/services/notifications/types";
import type { RoleOf } from "#app/services/state-machine";
import {
  applyTransition,
  bindMachine,
  type TransitionActor,
  type TransitionInput,
} from "#app/services/state-machine.server";
import { inspectionMachine } from "./inspection-machine";
import { inspectionPath } from "./paths";

type InspectionRow = typeof listingInspection.$inferSelect;

/** What an inspection's step is given: who takes it (they are never told of their own step). */
export interface InspectionStepInput extends TransitionInput {
  by: TransitionActor<RoleOf<typeof inspectionMachine>>;
}

/**
 * Tells members of an inspection about a step: the listing's title and the actor's name are the message's values,
 * the key names the inspection's n-th stamp so that a repeat is never told twice.
 */
export async function tellInspection(
  uow: UnitOfWork,
  row: InspectionRow,
  type: AlarmType,
  recipients: readonly string[],
  actorId: string | null,
  step: string,
) {
  const [article] = await uow.tx
    .select({ title: boardArticle.title })
    .from(boardArticle)
    .where(eq(boardArticle.id, row.articleId));
  await notifyMany(uow, [...new Set(recipients)], {
    type,
    actorId,
    params: {
      title: shortTitle(article?.title ?? ""),
      nickname: actorId ? await memberName(uow.tx, actorId) : "",
      at: row.proposedAt.toISOString(),
    },
    link: inspectionPath(row.id),
    dedupeKey: `${type}:${row.id}:${step}`,
  });
}

const stamp = (uow: UnitOfWork, id: number, values: Partial<InspectionRow>) =>
  uow.tx.update(listingInspection).set(values).where(eq(listingInspection.id, id));

/**
 * The inspection machine on `listing_inspection`: the seller's answer is told to the buyer and the expert, a newly
 * proposed time to the seller, a submitted report to the seller and the buyer, a published one to the buyer and the
 * expert. An outdated report is stamped and told to nobody (the listing shows it as such).
 */
/** The report's stamps of a submit are set with its state (a CHECK ties them); its effect only tells. */
export const inspections = bindMachine<
  typeof inspectionMachine,
  typeof listingInspection,
  InspectionStepInput
>(inspectionMachine, {
  table: listingInspection,
  id: listingInspection.id,
  state: listingInspection.status,
  effects: {
    agree: async (uow, row, input) => {
      await stamp(uow, row.id, { answeredAt: uow.now });
      await tellInspection(
        uow,
        row,
        "inspectionAgreed",
        [row.buyerId, row.expertId],
        input.by.id,
        `agree:${uow.now.getTime()}`,
      );
    },
    decline: async (uow, row, input) => {
      await stamp(uow, row.id, { answeredAt: uow.now });
      await tellInspection(
        uow,
        row,
        "inspectionDeclined",
        [row.buyerId, row.expertId],
        input.by.id,
        `decline:${uow.now.getTime()}`,
      );
    },
    propose: async (uow, row, input) => {
      await stamp(uow, row.id, { answeredAt: null });
      await tellInspection(
        uow,
        row,
        "inspectionRequested",
        [row.sellerId],
        input.by.id,
        `propose:${uow.now.getTime()}`,
      );
    },
    submit: async (uow, row, input) => {
      await tellInspection(
        uow,
        row,
        "inspectionReported",
        [row.sellerId, row.buyerId],
        input.by.id,
        "submit",
      );
    },
    publish: async (uow, row, input) => {
      await stamp(uow, row.id, { publishedAt: uow.now });
      await tellInspection(
        uow,
        row,
        "inspectionPublished",
        [row.buyerId, row.expertId],
        input.by.id,
        "publish",
      );
    },
    outdate: async (uow, row) => {
      await stamp(uow, row.id, { outdatedAt: uow.now });
    },
  },
});

/**
 * In the unit of work that cancels or expires a meeting: the inspection held in it, while its report is not yet
 * submitted, is closed by the system (a submitted report stays the seller's to publish).
 */
export async function closeMeetingInspection(uow: UnitOfWork, meetingId: number): Promise<void> {
  const [open] = await uow.tx
    .select({ id: listingInspection.id })
    .from(listingInspection)
    .where(
      and(
        eq(listingInspection.meetingId, meetingId),
        inArray(listingInspection.status, ["proposed", "agreed", "declined"]),
      ),
    );
  if (!open) return;
  const system = { role: "system", id: null } as const;
  await applyTransition(uow, inspections, open.id, "close", system, { by: system, reason: "meeting_closed" });
}
