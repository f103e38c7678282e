import { desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { inquiry, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";

const INQUIRY_TITLE_MAX = 100;
const INQUIRY_BODY_MAX = 2000;
const ANSWER_MAX = 4000;

/** Stores a member's inquiry, on the database or inside the caller's unit of work (the form's one-time claim). */
export async function sendInquiry(
  source: DatabaseOrUnit,
  clock: Clock,
  userId: string,
  input: { title: string; body: string },
) {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title) throw new DomainError("inquiry", "title_required");
  if ([...title].length > INQUIRY_TITLE_MAX) throw new DomainError("inquiry", "title_length");
  if (!body) throw new DomainError("inquiry", "body_required");
  if ([...body].length > INQUIRY_BODY_MAX) throw new DomainError("inquiry", "body_length");
  return runInTransaction(source, clock, async (uow) => {
    const [row] = await uow.tx
      .insert(inquiry)
      .values({ userId, title, body, createdAt: uow.now })
      .returning({ id: inquiry.id });
    return row!.id;
  });
}

/** A member's own inquiries with their answers, newest first. */
export async function myInquiries(db: Database, userId: string) {
  return db
    .select({
      id: inquiry.id,
      title: inquiry.title,
      body: inquiry.body,
      answer: inquiry.answer,
      answeredAt: inquiry.answeredAt,
      createdAt: inquiry.createdAt,
    })
    .from(inquiry)
    .where(eq(inquiry.userId, userId))
    .orderBy(desc(inquiry.id))
    .limit(50);
}

/** For administrators: inquiries, unanswered first. */
export async function inquiriesForAdmin(db: Database, actor: Actor, options: { open?: boolean } = {}) {
  requirePermission(actor, "moderate:content", () => new DomainError("inquiry", "forbidden"));
  return db
    .select({
      id: inquiry.id,
      title: inquiry.title,
      body: inquiry.body,
      answer: inquiry.answer,
      answeredAt: inquiry.answeredAt,
      createdAt: inquiry.createdAt,
      nickname: member.nickname,
    })
    .from(inquiry)
    .innerJoin(member, eq(member.id, inquiry.userId))
    .where(options.open ? isNull(inquiry.answeredAt) : undefined)
    .orderBy(desc(inquiry.id))
    .limit(100);
}

export async function answerInquiry(
  db: Database,
  clock: Clock,
  actor: Actor,
  inquiryId: number,
  answer: string,
  from?: ActingFrom,
) {
  requirePermission(actor, "moderate:content", () => new DomainError("inquiry", "forbidden"));
  const text = answer.trim();
  if (!text || [...text].length > ANSWER_MAX) throw new DomainError("inquiry", "answer_required");
  await runInTransaction(db, clock, async (uow) => {
    const [before] = await uow.tx
      .select({ answeredAt: inquiry.answeredAt })
      .from(inquiry)
      .where(eq(inquiry.id, inquiryId))
      .for("update");
    if (!before) throw new DomainError("inquiry", "not_found");
    await uow.tx
      .update(inquiry)
      .set({ answer: text, answeredBy: actor.id, answeredAt: uow.now })
      .where(eq(inquiry.id, inquiryId));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "support.inquiry.answer",
        subject: { kind: "inquiry", id: inquiryId },
        before: { answered: before.answeredAt !== null },
        after: { answerLength: [...text].length },
      },
      from,
    );
  });
}
