import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { applyTransition } from "#app/services/state-machine.server";
import { onboarding } from "./onboarding-machine.server";

/** Takes a first-login step for the member themself, in the caller's unit. */
export function takeOnboardingStep(uow: UnitOfWork, memberId: string, step: "saveProfile" | "welcome") {
  return applyTransition(uow, onboarding, memberId, step, { role: "member", id: memberId }, {});
}
