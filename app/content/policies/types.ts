/** A policy document in one language. Plain text only: paragraphs and bullet items, no HTML. */
interface PolicySection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

interface PolicyDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) from which this version applies. */
  effectiveDate: string;
  summary: string;
  sections: PolicySection[];
}

export type PolicyKind = "terms" | "privacy" | "board" | "market" | "refund";
type PolicyLanguage = "ko" | "en";
export type LocalizedPolicy = Record<PolicyLanguage, PolicyDocument>;
