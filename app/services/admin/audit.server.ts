import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { adminAudit, member } from "#app/db/schema";
import { addSeoulDays, startOfSeoulDay } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { DomainError } from "#app/services/errors";
import type { AdminAction } from "./actions";
import type { AuditQueryFields } from "./audit.schema";

/** An administrator's act as the audit log keeps it. */
export interface AdminAct {
  action: AdminAction;
  subject: { kind: string; id: string | number };
  reason?: string | null;
  /** The fields the act changed, before and after; never personal numbers. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Where the administrator's request came from, as the edge read it. */
export interface ActingFrom {
  address: string | null;
}

/**
 * Writes the act to the audit log inside the act's own unit of work: the act and its record commit together or not
 * at all. Rows are never changed afterwards (the database refuses it).
 */
export async function recordAdminAct(
  uow: UnitOfWork,
  actor: StaffActor,
  act: AdminAct,
  from: ActingFrom = { address: null },
): Promise<void> {
  const [admin] = await uow.tx
    .select({ nickname: member.nickname, name: member.name })
    .from(member)
    .where(eq(member.id, actor.id));
  await uow.tx.insert(adminAudit).values({
    at: uow.now,
    adminId: actor.id,
    adminName: admin?.nickname ?? admin?.name ?? actor.id,
    role: actor.role,
    action: act.action,
    subjectKind: act.subject.kind,
    subjectId: String(act.subject.id),
    reason: act.reason?.trim() || null,
    before: act.before ?? null,
    after: act.after ?? null,
    address: from.address,
  });
}

/**
 * Records an act on a member's content when a staff member did it to somebody else's: an author editing or deleting
 * their own post is no administrator act and leaves no row. Called inside the act's unit of work.
 */
export async function recordModeration(
  uow: UnitOfWork,
  actor: Actor,
  authorId: string,
  act: AdminAct,
  from?: ActingFrom,
): Promise<void> {
  if (actor.kind !== "staff" || actor.id === authorId) return;
  await recordAdminAct(uow, actor, act, from);
}

const AUDIT_PAGE_SIZE = 30;

export type AuditRow = typeof adminAudit.$inferSelect;

/**
 * The audit log, newest first, for administrators only: one page and whether another follows. The days are Seoul
 * days, both included.
 */
export async function searchAdminAudit(
  db: Database,
  actor: Actor,
  query: AuditQueryFields,
): Promise<{ rows: AuditRow[]; hasNext: boolean }> {
  requirePermission(actor, "read:audit", () => new DomainError("admin", "forbidden"));
  const where: SQL[] = [];
  if (query.admin) where.push(eq(adminAudit.adminId, query.admin));
  if (query.kind) where.push(eq(adminAudit.subjectKind, query.kind));
  if (query.subject) where.push(eq(adminAudit.subjectId, query.subject));
  if (query.from) where.push(gte(adminAudit.at, startOfSeoulDay(query.from)));
  if (query.to) where.push(lt(adminAudit.at, startOfSeoulDay(addSeoulDays(query.to, 1))));
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasNext: rows.length > AUDIT_PAGE_SIZE };
}
