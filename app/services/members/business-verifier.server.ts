import { isValidBusinessNumber } from "./profile-rules";

type BusinessNumberStatus = "valid" | "unusable" | "lookup_failed";

/**
 * Checks a business registration number with an authority. The default checks the official check digit only; a
 * registry adapter (the National Tax Service status API) can sit behind the same interface.
 */
export interface BusinessNumberVerifier {
  readonly kind: string;
  verify(number: string): Promise<BusinessNumberStatus>;
}

export const checkDigitVerifier: BusinessNumberVerifier = {
  kind: "check-digit",
  async verify(number) {
    return isValidBusinessNumber(number) ? "valid" : "unusable";
  },
};
