import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contentReport, inquiry, job, motorcycleReport, noShowReport } from "#app/db/schema";
import { isAdmin, type Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";

/** What waits for an administrator in each queue of the console. */
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
}

/** The console's queue counts, for administrators, in one statement (each count reads its queue's status index). */
export async function adminQueues(db: Database, actor: Actor | null): Promise<AdminQueues> {
  if (!isAdmin(actor)) throw new DomainError("admin", "forbidden");
  const [row] = await db
    .select({
      reports: sql<number>`(select count(*)::int from ${contentReport} where ${contentReport.status} = 'open')`,
      noShows: sql<number>`(select count(*)::int from ${noShowReport} where ${noShowReport.status} = 'pending')`,
      modelReports: sql<number>`(select count(*)::int from ${motorcycleReport}
        where ${motorcycleReport.status} = 'submitted')`,
      inquiries: sql<number>`(select count(*)::int from ${inquiry} where ${inquiry.answeredAt} is null)`,
      failedJobs: sql<number>`(select count(*)::int from ${job} where ${job.status} = 'failed')`,
    })
    .from(sql`(values (1)) as console`);
  return {
    reports: Number(row?.reports ?? 0),
    noShows: Number(row?.noShows ?? 0),
    modelReports: Number(row?.modelReports ?? 0),
    inquiries: Number(row?.inquiries ?? 0),
    failedJobs: Number(row?.failedJobs ?? 0),
  };
}
