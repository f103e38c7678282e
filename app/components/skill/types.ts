import type { SubmissionResult } from "@conform-to/react";
import type { SkillKind, CodedKind } from "#app/services/meetings/skills/skill.schema";
import type {
  MySkill,
  OwnedModel,
  SkillCode,
  SkillLocation,
} from "#app/services/meetings/skills/skills.server";
import type { FormError } from "#app/shell/auth.server";

export type { MySkill };

/** What the skill forms choose from: the member's locations, models they own, the reference codes. */
export interface SkillFormOptions {
  locations: SkillLocation[];
  /** Models the member owns that no owner skill of theirs offers yet. */
  models: OwnedModel[];
  codes: Record<CodedKind, SkillCode[]>;
  business: boolean;
}

/** The answer of a refused submit of /my/skill, and which form it belongs to (`add-<kind>`, `edit-<id>`, `card-<id>`). */
export interface SkillActionResult {
  formKey: string;
  lastResult?: SubmissionResult<string[]>;
  error?: FormError;
}

/** Why a kind cannot be added now, or null when it can. */
export type AddBlock =
  | { reason: "exists" }
  | { reason: "ownerNone" }
  | { reason: "ownerAllOffered" }
  | { reason: "coachingYears"; years: number }
  | { reason: "noLocation" }
  | null;

export type AddState = Record<SkillKind, AddBlock>;
