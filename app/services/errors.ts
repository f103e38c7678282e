import type { MessageParams } from "#app/i18n";
import type { AdminErrorCode } from "./admin/errors";
import type { AuthErrorCode } from "./auth/errors";
import type { WeakPasswordReason } from "./auth/password-policy";
import type { BoardErrorCode, CommentErrorCode, MemberReportErrorCode } from "./board/errors";
import type { EditorErrorCode } from "./content/errors";
import type { LedgerErrorCode } from "./ledger/errors";
import type { MarketErrorCode } from "./market/errors";
import type { RescueErrorCode } from "./meetings/rescue/errors";
import type { ConductErrorCode } from "./meetings/conduct/errors";
import type { ChatErrorCode } from "./meetings/chat/errors";
import type { MeetingErrorCode } from "./meetings/meeting/errors";
import type { FinderErrorCode } from "./meetings/finder/errors";
import type { SkillErrorCode } from "./meetings/skills/errors";
import type { GarageErrorCode } from "./motorcycles/garage-errors";
import type { GiftErrorCode } from "./points/errors";
import type { SparkErrorCode } from "./sparks/errors";
import type { ProfileErrorCode, ProfileField } from "./members/profile.server";
import type { RelationErrorCode } from "./members/relations.server";
import type { ReviewErrorCode } from "./reviews/errors";
import type { NoticeErrorCode } from "./notice/access.server";
import type { AlarmErrorCode } from "./notifications/errors";
import type { PaceErrorCode } from "./pace/errors";
import type { SearchErrorCode } from "./search/query";
import type { InquiryErrorCode } from "./support/inquiry.server";
import type { FailedJobErrorCode } from "./operations/failed-jobs.server";
import type { TransitionRefusal } from "./state-machine";
import type { UploadErrorDetails, UploadRefusalCode } from "./uploads/errors";

/** A request the HTTP edge could not read or answer; no service raises these. */
type RequestErrorCode =
  | "not_found"
  | "invalid_query"
  | "missing_table_name"
  | "unknown_filter_table"
  | "payload_too_large"
  | "malformed_body"
  | "address_not_found"
  | "address_lookup_failed"
  | "internal";

/**
 * Every area's refusal codes. A code means something only within its area (`not_found` of the board is not the
 * API's); the edge's table (app/shell/error-table.server.ts) gives each one its HTTP status and message.
 */
export interface ErrorCodes {
  admin: AdminErrorCode;
  alarm: AlarmErrorCode;
  auth: AuthErrorCode;
  board: BoardErrorCode;
  comment: CommentErrorCode;
  editor: EditorErrorCode;
  garage: GarageErrorCode;
  gift: GiftErrorCode;
  inquiry: InquiryErrorCode;
  jobs: FailedJobErrorCode;
  ledger: LedgerErrorCode;
  machine: TransitionRefusal;
  market: MarketErrorCode;
  rescue: RescueErrorCode;
  conduct: ConductErrorCode;
  chat: ChatErrorCode;
  meeting: MeetingErrorCode;
  finder: FinderErrorCode;
  skill: SkillErrorCode;
  members: MemberReportErrorCode;
  notice: NoticeErrorCode;
  pace: PaceErrorCode;
  profile: ProfileErrorCode;
  relations: RelationErrorCode;
  request: RequestErrorCode;
  review: ReviewErrorCode;
  search: SearchErrorCode;
  spark: SparkErrorCode;
  upload: UploadRefusalCode;
}
export type ErrorArea = keyof ErrorCodes;

/** What an area's refusals carry besides their code. */
interface AreaDetails {
  /** `until`: the end of the suspension that refused a sign-in, shown in the reader's language and time zone. */
  auth: { reasons?: readonly WeakPasswordReason[]; retryAfterMs?: number; until?: Date };
  ledger: { accountCode?: string; idempotencyKey?: string; transactionId?: number };
  /** Every field that failed, with its reason; the error's own code is the first of them. */
  profile: { fields?: Partial<Record<ProfileField, ProfileErrorCode>> };
  pace: { retryAfterMs?: number };
  upload: UploadErrorDetails;
}

/** The values the message names (`{count}` …), and whatever the area adds. */
export type ErrorDetails<A extends ErrorArea = ErrorArea> = {
  params?: MessageParams;
} & (A extends keyof AreaDetails ? AreaDetails[A] : unknown);

/**
 * A rule of a service was broken, in words the member can act on: an area and one of that area's codes. Services
 * never choose an HTTP status or a message; the edge's one table does, for pages and the JSON API alike.
 */
export class DomainError<A extends ErrorArea = ErrorArea> extends Error {
  readonly details: ErrorDetails<A>;

  constructor(
    readonly area: A,
    readonly code: ErrorCodes[A],
    details?: ErrorDetails<A>,
    options?: ErrorOptions,
  ) {
    super(`${area}.${code}`, options);
    this.name = "DomainError";
    this.details = details ?? ({} as ErrorDetails<A>);
  }

  get params(): MessageParams | undefined {
    return this.details.params;
  }
}

/** Whether `error` is a refusal, of the given area when one is named. */
export function isDomainError<A extends ErrorArea>(error: unknown, area?: A): error is DomainError<A> {
  return error instanceof DomainError && (area === undefined || error.area === area);
}
