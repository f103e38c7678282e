import { allowedTransitions, defineMachine, type StateOf } from "#app/services/state-machine";

/**
 * The first login: a member signs up, saves the first-login profile (/login/new), then is welcomed
 * (/login/welcome), which completes it. Only the member takes these steps, for themself. The states are the
 * `member.onboarding` values (`onboardingStates` of the schema, checked by the database).
 */
export const onboardingMachine = defineMachine({
  name: "onboarding",
  states: ["signed_up", "profile_saved", "welcomed"],
  roles: ["member", "admin"],
  initial: "signed_up",
  transitions: [
    { name: "saveProfile", from: ["signed_up"], to: "profile_saved", actors: ["member"] },
    { name: "welcome", from: ["profile_saved"], to: "welcomed", actors: ["member"] },
  ],
});

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
