import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import type { PaceErrorCode } from "./errors";

/**
 * The member actions that reach other members (a listing matches their keywords, an offer, a meeting request, a
 * rescue call), each with how many a member may take in an hour (ADR 049).
 */
export const paceRules = {
  listing: { limit: 10, windowMs: HOUR_MS },
  offer: { limit: 20, windowMs: HOUR_MS },
  meetingRequest: { limit: 10, windowMs: HOUR_MS },
  rescueCall: { limit: 5, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>;

export type PacedAction = keyof typeof paceRules;

const refusals: Record<PacedAction, PaceErrorCode> = {
  listing: "too_many_listings",
  offer: "too_many_offers",
  meetingRequest: "too_many_meeting_requests",
  rescueCall: "too_many_rescue_calls",
};

/**
 * Counts one `action` of the member and refuses it past its pace, saying when it is allowed again. The count is
 * written in the caller's unit of work, on the database's shared counter: an action refused later in the same unit
 * (or this refusal itself) rolls its count back, so only actions that happened are counted, in every process.
 */
export async function keepPace(uow: UnitOfWork, action: PacedAction, memberId: string): Promise<void> {
  const rule = paceRules[action];
  const verdict = await hit(uow.tx, `pace:${action}:${memberId}`, rule, uow.now);
  if (verdict.allowed) return;
  throw new DomainError("pace", refusals[action], {
    params: { limit: rule.limit, minutes: Math.max(1, Math.ceil(verdict.retryAfterMs / MINUTE_MS)) },
    retryAfterMs: verdict.retryAfterMs,
  });
}
