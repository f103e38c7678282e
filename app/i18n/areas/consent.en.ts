import type { Widen } from "../widen";
import type { koConsent } from "./consent.ko";

/** English messages of the sign-up consents. */
export const enConsent: Widen<typeof koConsent> = {
  title: "Agreements",
  all: "Agree to all (including optional)",
  terms: "[Required] I agree to the Terms of Use",
  privacy: "[Required] I agree to the collection and use of my personal information",
  age: "[Required] I am 15 or older",
  marketing: "[Optional] Send me news about events and benefits (marketing)",
  view: "View {document} (new window)",
  socialIntro: "To use Moto Mate, please agree to the terms below.",
};
