import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Route } from "./+types/rescue-call";
import { RescueCallForm } from "#app/components/rescue/RescueCallForm";
import { RescueCallStatus } from "#app/components/rescue/RescueCallStatus";
import { useLiveRefresh } from "#app/components/rescue/use-live-refresh";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { rescueCallPageSchema } from "#app/services/meetings/rescue/rescue.schema";
import {
  myRescueCall,
  rescueStartingPoint,
  sendRescueCall,
  withdrawRescueCall,
} from "#app/services/meetings/rescue/rescue.server";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, typedTexts, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "rescue.call.title" };

const PAGE = "/meeting/rescue/call";

/** Which of the page's two forms an answer belongs to. */
const intentField = new Set(["intent"]);

/** /meeting/rescue/call: the rider's latest call and where it stands, or the one-tap form when none is open. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const [call, fallback] = await Promise.all([
    myRescueCall(db, actor),
    rescueStartingPoint(db, actor, language),
  ]);
  return {
    now: clock.now().toISOString(),
    fallback,
    call: call
      ? { ...call, createdAt: call.createdAt.toISOString(), expiresAt: call.expiresAt.toISOString() }
      : null,
  };
}

/** Sends a call (`send`) or withdraws the open one (`withdraw`). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    rescueCallPageSchema,
    language,
  );
  if (refusal) return refusal;
  const { intent = "send" } = typedTexts(submission, intentField);
  if (submission.status !== "success")
    return data({ intent, lastResult: submission.reply() }, { status: 400 });
  const input = submission.value;
  if (input.intent === "send") {
    try {
      const sent = await sendRescueCall(db, clock, actor, input);
      return redirectWithFlash(localizePath(language, PAGE), {
        key: "rescue.flash.sent",
        params: { count: sent.reached },
      });
    } catch (error) {
      const refused = withLastResult(domainFailure(language, error), submission);
      return data({ ...refused.data, intent }, refused.init ?? undefined);
    }
  }
  try {
    await withdrawRescueCall(db, clock, actor, input.callId);
  } catch (error) {
    const refused = domainFailure(language, error);
    return data({ ...refused.data, intent }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, PAGE), { key: "rescue.flash.withdrawn" });
}

type ActionResult = {
  intent: string;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

export default function RescueCall({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { call, fallback, now } = loaderData;
  const result = actionData as ActionResult | undefined;
  const waiting = call?.status === "open";
  useLiveRefresh(waiting);
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold">{t("rescue.call.title")}</h1>
        <p className="text-muted text-sm">{t("rescue.call.intro")}</p>
      </header>
      {result?.intent === "withdraw" ? <FormAlert error={result.error} /> : null}
      {call ? <RescueCallStatus call={call} now={now} /> : null}
      {waiting ? null : (
        <RescueCallForm
          fallback={fallback}
          lastResult={result?.intent === "send" ? result.lastResult : undefined}
          error={result?.intent === "send" ? result.error : undefined}
        />
      )}
      <p className="text-center text-sm">
        <LocalLink to="/meeting/rescue/calls" className="underline">
          {t("rescue.call.incoming")}
        </LocalLink>
      </p>
    </section>
  );
}
