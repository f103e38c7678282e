import { data, redirect } from "react-router";
import type { Route } from "./+types/request";
import {
  MeetingRequestForm,
  NoExpert,
  type MeetingRequestActionData,
} from "#app/components/meeting/request/MeetingRequestForm";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { inspectionTarget, requestInspection } from "#app/services/inspection/inspections.server";
import { isMeetingKind } from "#app/services/meetings/finder/finder-options";
import { meetingChatPath, requestMeeting } from "#app/services/meetings/meeting/meetings.server";
import { meetingRequestSchema } from "#app/services/meetings/meeting/request.schema";
import { requestTarget } from "#app/services/meetings/meeting/request-target.server";
import type { Actor } from "#app/services/actor";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm } from "#app/shell/input.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** The kind in the address; any other word is a page that does not exist. */
function kindOf(value: string | undefined) {
  if (isMeetingKind(value)) return value;
  notFound();
}

/** /meeting/{kind}/request?skill={id}: the expert's summary and the kind's request form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const kind = kindOf(params.kind);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const skillId = idOrNull(url.searchParams.get("skill"));
  if (skillId === null) return { kind, expert: null, reason: "choose" as const, options: [] };
  const target = await requestTarget(db, kind, skillId, clock.now(), language);
  if (!target) return { kind, expert: null, reason: "unavailable" as const, options: [] };
  const { options, providerId: _provider, ...expert } = target;
  return {
    kind,
    expert,
    options,
    inspection: await inspectionOf(actor, kind, url),
    reason: null,
    pageTitle: translate(language, "meeting.request.title", {
      kind: translate(language, `meeting.kind.${kind}`),
    }),
  };
}

/** The listing a repair request is an inspection of (`?listing=`, carried from the finder), when it may be one. */
function inspectionOf(actor: Actor, kind: string, url: URL) {
  const listingId = idOrNull(url.searchParams.get("listing"));
  if (kind !== "repair" || listingId === null) return Promise.resolve(null);
  return inspectionTarget(getRuntime().db, actor, listingId);
}

/** Everything typed, to show again after a refusal. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

/** Sends the request; a meeting opens and the member goes to its chat. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const kind = kindOf(params.kind);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const form = await readForm(request);
  const values = typedValues(form);
  // The address names the kind; the form cannot ask for another.
  form.set("kind", kind);
  const submission = parseSubmission(
    form,
    meetingRequestSchema(() => clock.now()),
  );
  if (submission.status !== "success") {
    const refused = refusedSubmission(submission);
    return data({ ...refused.data, values }, refused.init ?? undefined);
  }
  // A request carried from a listing's finder is an inspection of that listing (ADR 069).
  const listingId = kind === "repair" ? idOrNull(new URL(request.url).searchParams.get("listing")) : null;
  try {
    if (listingId !== null) {
      const { meeting } = await requestInspection(db, clock, actor, submission.value, listingId);
      return redirectWithFlash(localizePath(language, meetingChatPath(meeting)), {
        key: "inspection.flash.requested",
      });
    }
    const created = await requestMeeting(db, clock, actor, submission.value);
    return redirect(localizePath(language, meetingChatPath(created)));
  } catch (error) {
    return domainFailure(language, error, values);
  }
}

export default function MeetingRequest({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.expert) return <NoExpert kind={loaderData.kind} reason={loaderData.reason ?? "choose"} />;
  return (
    <MeetingRequestForm
      data={{
        kind: loaderData.kind,
        expert: loaderData.expert,
        options: loaderData.options,
        inspection: loaderData.inspection ?? null,
      }}
      result={actionData as MeetingRequestActionData | undefined}
    />
  );
}
