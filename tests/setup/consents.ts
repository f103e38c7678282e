import type { SignUpConsents } from "#app/services/auth/consents";

/** The consents of a member who ticks every required box at sign-up (and not the marketing one). */
export const joiningConsents: SignUpConsents = { terms: true, privacy: true, age: true, marketing: false };
