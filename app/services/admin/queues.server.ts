import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contentReport, inquiry, job, motorcycleReport, noShowReport, theftHold } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { can, isStaff, type Permission } from "#app/services/permissions";
import { DomainError } from "#app/services/errors";

/** What waits for staff in each queue of the console. */
export interface AdminQueues {
  /** Open reports of posts, comments and members. */
  reports: number;
  /** No-show reports not decided yet. */
  noShows: number;
  /** Missing-model reports not decided yet. */
  modelReports: number;
  /** Inquiries without an answer. */
  inquiries: number;
  /** Jobs that failed for good. */
  failedJobs: number;
  /** Listings held by the stolen-vehicle check, waiting for a decision. */
  theftHolds: number;
}

const queueNames = [
  "reports",
  "noShows",
  "modelReports",
  "inquiries",
  "failedJobs",
  "theftHolds",
] as const satisfies readonly (keyof AdminQueues)[];

/** The permission that opens each queue's page. */
const queuePermissions = {
  reports: "moderate:content",
  noShows: "moderate:content",
  modelReports: "moderate:content",
  inquiries: "moderate:content",
  failedJobs: "manage:site",
  theftHolds: "moderate:content",
} as const satisfies Record<keyof AdminQueues, Permission>;

/**
 * The console's queue counts for any acting staff member, in one statement (each count reads its queue's status
 * index): the queues their permissions open, the others left out.
 */
export async function adminQueues(db: Database, actor: Actor | null): Promise<Partial<AdminQueues>> {
  if (!isStaff(actor)) throw new DomainError("admin", "forbidden");
  const [row] = await db
    .select({
      reports: sql<number>`(select count(*)::int from ${contentReport} where ${contentReport.status} = 'open')`,
      noShows: sql<number>`(select count(*)::int from ${noShowReport} where ${noShowReport.status} = 'pending')`,
      modelReports: sql<number>`(select count(*)::int from ${motorcycleReport}
        where ${motorcycleReport.status} = 'submitted')`,
      inquiries: sql<number>`(select count(*)::int from ${inquiry} where ${inquiry.answeredAt} is null)`,
      failedJobs: sql<number>`(select count(*)::int from ${job} where ${job.status} = 'failed')`,
      theftHolds: sql<number>`(select count(*)::int from ${theftHold} where ${theftHold.state} = 'held')`,
    })
    .from(sql`(values (1)) as console`);
  const counts: AdminQueues = {
    reports: Number(row?.reports ?? 0),
    noShows: Number(row?.noShows ?? 0),
    modelReports: Number(row?.modelReports ?? 0),
    inquiries: Number(row?.inquiries ?? 0),
    failedJobs: Number(row?.failedJobs ?? 0),
    theftHolds: Number(row?.theftHolds ?? 0),
  };
  const open: Partial<AdminQueues> = {};
  for (const queue of queueNames) if (can(actor, queuePermissions[queue])) open[queue] = counts[queue];
  return open;
}
