import { boardPolicy } from "./board";
import { marketPolicy } from "./market";
import { privacyPolicy } from "./privacy";
import { refundPolicy } from "./refund";
import { termsPolicy } from "./terms";
import type { LocalizedPolicy, PolicyKind } from "./types";

export const policies: Record<PolicyKind, LocalizedPolicy> = {
  terms: termsPolicy,
  privacy: privacyPolicy,
  board: boardPolicy,
  market: marketPolicy,
  refund: refundPolicy,
};

export const policyKinds: PolicyKind[] = ["terms", "privacy", "board", "market", "refund"];
