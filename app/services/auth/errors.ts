import type { WeakPasswordReason } from "./password-policy";

export const authErrorCodes = [
  "missing_credentials",
  "login_failed",
  "login_required",
  "weak_password",
  "invalid_email",
  "invalid_phone",
  "email_in_use",
  "phone_in_use",
  "send_failed",
  "send_count_exceeded",
  "code_invalid",
  "link_invalid",
  "already_withdrawn",
  "too_many_requests",
  "two_factor_invalid",
  "last_sign_in_method",
  "reauth_required",
  "wrong_password",
  "consent_required",
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

/** A refusal the member can act on; the route turns the code into a status and a localised message. */
export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    readonly details: { reasons?: WeakPasswordReason[]; retryAfterMs?: number } = {},
  ) {
    super(code);
    this.name = "AuthError";
  }
}

export function authErrorStatus(code: AuthErrorCode): number {
  switch (code) {
    case "too_many_requests":
    case "send_count_exceeded":
      return 429;
    case "login_required":
    case "login_failed":
      return 401;
    case "already_withdrawn":
    case "reauth_required":
      return 403;
    case "email_in_use":
    case "phone_in_use":
      return 409;
    case "send_failed":
      return 502;
    default:
      return 400;
  }
}
