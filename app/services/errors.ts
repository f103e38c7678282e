import type { MessageParams } from "#app/i18n";
import type { ErrorCodeOf } from "./error-model";
import { adminErrors } from "./admin/errors";
import { authErrors, type AuthErrorDetails } from "./auth/errors";
import { boardErrors, commentErrors, memberReportErrors } from "./board/errors";
import { editorErrors } from "./content/errors";
import { couponErrors } from "./coupons/errors";
import { inspectionErrors } from "./inspection/errors";
import { earningsErrors } from "./settlement/earnings-errors";
import { ledgerErrors, type LedgerErrorDetails } from "./ledger/errors";
import { marketErrors } from "./market/errors";
import { partsFitErrors } from "./market/fit-errors";
import { chatErrors } from "./meetings/chat/errors";
import { conductErrors } from "./meetings/conduct/errors";
import { finderErrors } from "./meetings/finder/errors";
import { meetingErrors } from "./meetings/meeting/errors";
import { rescueErrors } from "./meetings/rescue/errors";
import { skillErrors } from "./meetings/skills/errors";
import { profileErrors, relationErrors, type ProfileErrorDetails } from "./members/errors";
import { catalogueErrors, garageErrors, type CatalogueErrorDetails } from "./motorcycles/errors";
import { noticeErrors } from "./notice/errors";
import { alarmErrors } from "./notifications/errors";
import { failedJobErrors } from "./operations/errors";
import { paceErrors, type PaceErrorDetails } from "./pace/errors";
import { paymentErrors } from "./payments/errors";
import { giftErrors } from "./points/errors";
import { requestErrors } from "./request-errors";
import { reviewErrors } from "./reviews/errors";
import { searchErrors } from "./search/errors";
import { serviceLogErrors } from "./service-log/errors";
import { settlementInfoErrors } from "./settlement/info-errors";
import { settlementErrors } from "./settlement/errors";
import { sparkErrors } from "./sparks/errors";
import { theftErrors } from "./theft/errors";
import { machineErrors } from "./state-machine-errors";
import { inquiryErrors } from "./support/errors";
import { uploadErrors, type UploadErrorDetails } from "./uploads/errors";

/**
 * The one table from refusal to answer (ADR 024): area → code → HTTP status and message, read by page actions and
 * the JSON API alike (app/shell/domain.server.ts). A code means something only within its area (`not_found` of the
 * board is not the API's). Each area's part is written in its own leaf file, next to the area's services.
 */
export const errorTable = {
  admin: adminErrors,
  alarm: alarmErrors,
  auth: authErrors,
  board: boardErrors,
  catalogue: catalogueErrors,
  chat: chatErrors,
  comment: commentErrors,
  conduct: conductErrors,
  coupon: couponErrors,
  earnings: earningsErrors,
  editor: editorErrors,
  finder: finderErrors,
  garage: garageErrors,
  gift: giftErrors,
  inquiry: inquiryErrors,
  inspection: inspectionErrors,
  jobs: failedJobErrors,
  ledger: ledgerErrors,
  machine: machineErrors,
  market: marketErrors,
  meeting: meetingErrors,
  members: memberReportErrors,
  notice: noticeErrors,
  pace: paceErrors,
  partsFit: partsFitErrors,
  payment: paymentErrors,
  profile: profileErrors,
  relations: relationErrors,
  request: requestErrors,
  rescue: rescueErrors,
  review: reviewErrors,
  search: searchErrors,
  serviceLog: serviceLogErrors,
  settlementInfo: settlementInfoErrors,
  settlement: settlementErrors,
  skill: skillErrors,
  spark: sparkErrors,
  theft: theftErrors,
  upload: uploadErrors,
};

/** Every area's refusal codes, as its table lists them. */
export type ErrorCodes = { [A in keyof typeof errorTable]: ErrorCodeOf<(typeof errorTable)[A]> };
export type ErrorArea = keyof ErrorCodes;

/** What an area's refusals carry besides their code. */
interface AreaDetails {
  auth: AuthErrorDetails;
  catalogue: CatalogueErrorDetails;
  ledger: LedgerErrorDetails;
  profile: ProfileErrorDetails;
  pace: PaceErrorDetails;
  upload: UploadErrorDetails;
}

/** The values the message names (`{count}` …), and whatever the area adds. */
export type ErrorDetails<A extends ErrorArea = ErrorArea> = {
  params?: MessageParams;
} & (A extends keyof AreaDetails ? AreaDetails[A] : unknown);

/**
 * A rule of a service was broken, in words the member can act on: an area and one of that area's codes. Services
 * never choose an HTTP status or a message; the one table does, for pages and the JSON API alike.
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
