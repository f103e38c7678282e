import { DomainError } from "#app/services/errors";

/**
 * What a member agrees to when joining, each box ticked on its own: the terms of use, the collection and use of
 * personal data and being 15 or older are required; marketing messages are optional (Korean personal data law asks
 * for each consent separately, and for its time).
 */
export interface SignUpConsents {
  terms: boolean;
  privacy: boolean;
  age: boolean;
  marketing: boolean;
}
export type ConsentKind = keyof SignUpConsents;

export const consentKinds: readonly ConsentKind[] = ["terms", "privacy", "age", "marketing"];
export const requiredConsents: readonly ConsentKind[] = ["terms", "privacy", "age"];

/** The form field name of each consent box ("consentTerms" …). */
export function consentField(kind: ConsentKind): `consent${Capitalize<ConsentKind>}` {
  return `consent${kind[0]!.toUpperCase()}${kind.slice(1)}` as `consent${Capitalize<ConsentKind>}`;
}

/** Refuses a sign-up without every required consent, before anything is written. */
export function requireConsents(consents: SignUpConsents) {
  if (!requiredConsents.every((kind) => consents[kind])) throw new DomainError("auth", "consent_required");
}
