import { defineMachine } from "#app/services/state-machine";

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
