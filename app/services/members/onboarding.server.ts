import { member } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { applyTransition, bindMachine } from "#app/services/state-machine.server";
import { onboardingMachine } from "./onboarding";

/** The onboarding machine on `member.onboarding`; its steps have no effects of their own. */
export const onboarding = bindMachine(onboardingMachine, {
  table: member,
  id: member.id,
  state: member.onboarding,
});

/** Takes a first-login step for the member themself, in the caller's unit. */
export function takeOnboardingStep(uow: UnitOfWork, memberId: string, step: "saveProfile" | "welcome") {
  return applyTransition(uow, onboarding, memberId, step, { role: "member", id: memberId }, {});
}
