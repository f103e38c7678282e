import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { hit, type RateRule, type RateVerdict } from "#app/platform/rate-limit.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";

/**
 * A write form carries a one-time token (rendered by its loader), so a double click or a resent form creates one
 * row, not two. Without a column for it, the token is claimed in the rate-limit table (one atomic upsert, shared by
 * every process on the database) in the same unit of work as the write: the first claim runs the write, and a
 * concurrent one waits on the claimed row until the first commits. In the same process a duplicate also waits for
 * the first and answers its result, so both clicks end on the same new article; a duplicate in another process is
 * told the post was already submitted. A write that fails, refused or not, rolls the claim back with everything
 * else, so the member can correct the form or retry and send it again.
 */

/** How long a token stays claimed; far longer than any double click or retry. */
export const SUBMISSION_WINDOW_MS = 10 * 60_000;
const rule: RateRule = { limit: 1, windowMs: SUBMISSION_WINDOW_MS };
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const settled = new Map<string, Promise<unknown>>();

function isSubmissionToken(value: string): boolean {
  return TOKEN.test(value);
}

const submissionKey = (scope: { memberId: string; token: string }) =>
  `submit:${scope.memberId}:${scope.token}`;

/** Claims a form's token for its member: allowed only for the first claim within `SUBMISSION_WINDOW_MS`. */
export function claimSubmission(
  db: Database,
  scope: { memberId: string; token: string },
  now: Date,
): Promise<RateVerdict> {
  return hit(db, submissionKey(scope), rule, now);
}

export async function submitOnce<T>(
  db: Database,
  clock: Clock,
  scope: { memberId: string; token: string },
  write: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  if (!isSubmissionToken(scope.token)) throw new DomainError("editor", "submission_token");
  const key = submissionKey(scope);
  const earlier = settled.get(key);
  if (earlier) return earlier as Promise<T>;

  const run = runInTransaction(db, clock, async (uow) => {
    const claim = await claimSubmission(uow.tx, scope, uow.now);
    if (!claim.allowed) throw new DomainError("editor", "duplicate_submission");
    return write(uow);
  });
  settled.set(key, run);
  run.then(
    () => setTimeout(() => settled.delete(key), SUBMISSION_WINDOW_MS).unref?.(),
    () => settled.delete(key),
  );
  return run;
}

/**
 * Whether a write was refused because the same form had already been sent and saved (a duplicate that reached
 * another process). A form whose success is a return to its own page answers it as that success.
 */
export function alreadySubmitted(error: unknown): boolean {
  return error instanceof DomainError && error.area === "editor" && error.code === "duplicate_submission";
}
