import { areaErrors } from "#app/services/error-model";

/** Refusals of signing up, signing in and managing an account. */
export const authErrors = areaErrors("auth.error", {
  missing_credentials: 400,
  login_failed: 401,
  login_required: 401,
  weak_password: 400,
  invalid_email: 400,
  invalid_phone: 400,
  email_in_use: 409,
  phone_in_use: 409,
  send_failed: 502,
  send_count_exceeded: 429,
  code_invalid: 400,
  link_invalid: 400,
  already_withdrawn: 403,
  too_many_requests: 429,
  two_factor_invalid: 400,
  last_sign_in_method: 400,
  reauth_required: 403,
  wrong_password: 400,
  consent_required: 400,
  suspended: 403,
  suspended_permanently: 403,
});

/** Why a password is refused (`auth.weak.<reason>`), in the order the password policy checks them. */
export type WeakPasswordReason =
  "too_short" | "too_long" | "common" | "repeated" | "sequential" | "contains_identifier";

export interface AuthErrorDetails {
  reasons?: readonly WeakPasswordReason[];
  retryAfterMs?: number;
  /** The end of the suspension that refused a sign-in, shown in the reader's language and time zone. */
  until?: Date;
}
