/** A policy document in one language. Plain text only: paragraphs and bullet items, no HTML. */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface PolicyDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) from which this version applies. */
  effectiveDate: string;
  summary: string;
  sections: PolicySection[];
}

export type PolicyKind = "terms" | "privacy" | "board" | "market";
export type PolicyLanguage = "ko" | "en";
export type LocalizedPolicy = Record<PolicyLanguage, PolicyDocument>;
