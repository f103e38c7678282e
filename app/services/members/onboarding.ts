import { allowedTransitions, type StateOf } from "#app/services/state-machine";
import { onboardingMachine } from "./onboarding-machine";

export type Onboarding = StateOf<typeof onboardingMachine>;

const stepPages = { saveProfile: "/login/new", welcome: "/login/welcome" } as const;

/**
 * The page of the first-login step a member in `state` takes next (not localised), or null once the first login is
 * complete: the guards and the first-login pages send members there, as the machine allows.
 */
export function onboardingPage(state: Onboarding): (typeof stepPages)[keyof typeof stepPages] | null {
  const [next] = allowedTransitions(onboardingMachine, state, "member");
  return next ? stepPages[next] : null;
}
