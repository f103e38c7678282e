import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import { requireConsents, type SignUpConsents } from "./consents";

/** The member columns that record the consents given at `now`. */
export function consentFields(consents: SignUpConsents, now: Date) {
  requireConsents(consents);
  return {
    termsAgreedAt: now,
    privacyAgreedAt: now,
    ageConfirmedAt: now,
    marketingAgreedAt: consents.marketing ? now : null,
  };
}

/** Whether the member has given the required consents (members who joined through a provider give them later). */
export async function hasRequiredConsents(db: Database, userId: string) {
  const [row] = await db
    .select({ terms: member.termsAgreedAt, privacy: member.privacyAgreedAt, age: member.ageConfirmedAt })
    .from(member)
    .where(eq(member.id, userId));
  return Boolean(row?.terms && row.privacy && row.age);
}

/**
 * Records the consents of a member who joined through an external provider (asked on the first-login page). A
 * member who has already given them keeps their first times.
 */
export async function recordConsents(db: Database, now: Date, userId: string, consents: SignUpConsents) {
  const fields = consentFields(consents, now);
  await db
    .update(member)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(member.id, userId), isNull(member.termsAgreedAt)));
}
