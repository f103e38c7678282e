import { member } from "#app/db/schema";
import { bindMachine } from "#app/services/state-machine.server";
import { onboardingMachine } from "./onboarding-machine";

/** The onboarding machine on `member.onboarding`; its steps have no effects of their own. */
export const onboarding = bindMachine(onboardingMachine, {
  table: member,
  id: member.id,
  state: member.onboarding,
});
