import type { Route } from "./+types/rescue-calls";
import { IncomingCallCard } from "#app/components/rescue/IncomingCallCard";
import { useLiveRefresh } from "#app/components/rescue/use-live-refresh";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  acceptRescueCall,
  declineRescueCall,
  incomingRescueCalls,
} from "#app/services/meetings/rescue/rescue.server";
import { DomainError } from "#app/services/errors";
import { incomingCallSchema } from "#app/services/meetings/rescue/rescue.schema";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "rescue.calls.title" };

/** /meeting/rescue/calls: the rescue calls waiting for this expert's answer, nearest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const { db, clock } = getRuntime();
  const calls = await incomingRescueCalls(db, actor);
  return {
    now: clock.now().toISOString(),
    calls: calls.map((call) => ({
      ...call,
      createdAt: call.createdAt.toISOString(),
      expiresAt: call.expiresAt.toISOString(),
    })),
  };
}

/** Accepts a call (to its meeting's chat) or declines it. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    incomingCallSchema,
    language,
  );
  if (refusal) return refusal;
  const values = typedTexts(submission, new Set(["callId"]));
  if (submission.status !== "success") return refusedForm(language, submission, values);
  const { intent, callId } = submission.value;
  try {
    if (callId === null) throw new DomainError("rescue", "not_found");
    if (intent === "accept") {
      const { chatPath } = await acceptRescueCall(db, clock, actor, callId);
      return redirectWithFlash(localizePath(language, chatPath), { key: "rescue.flash.accepted" });
    }
    await declineRescueCall(db, clock, actor, callId);
    return redirectWithFlash(localizePath(language, "/meeting/rescue/calls"), {
      key: "rescue.flash.declined",
    });
  } catch (error) {
    return domainFailure(language, error, values);
  }
}

export default function RescueCalls({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { calls, now } = loaderData;
  // New calls arrive as notifications; a call taken by another expert or withdrawn leaves on the next look.
  useLiveRefresh(true);
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold">{t("rescue.calls.title")}</h1>
        <p className="text-muted text-sm">{t("rescue.calls.intro")}</p>
      </header>
      {actionData && "error" in actionData ? <FormAlert error={actionData.error} /> : null}
      {calls.length === 0 ? (
        <div className="text-muted space-y-2 rounded-xl border border-dashed border-subtle p-6 text-center text-sm">
          <p>{t("rescue.calls.empty")}</p>
          <p>{t("rescue.calls.onCallHint")}</p>
          <LocalLink to="/my/skill" className="underline">
            {t("rescue.calls.skills")}
          </LocalLink>
        </div>
      ) : (
        <ul className="space-y-3">
          {calls.map((call) => (
            <IncomingCallCard key={call.callId} call={call} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
