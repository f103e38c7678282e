import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/service-log";
import { EntryForm } from "#app/components/serviceLog/EntryForm";
import { EntryList } from "#app/components/serviceLog/EntryList";
import { ReminderPanel } from "#app/components/serviceLog/ReminderPanel";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { submitOnce } from "#app/services/content/submit-once.server";
import { intervalsOf, serviceLogSchema } from "#app/services/service-log/service-log.schema";
import {
  addEntryIn,
  deleteEntry,
  saveReminders,
  serviceLogPage,
  updateEntry,
  type EntryInput,
} from "#app/services/service-log/service-log.server";
import { requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, typedTexts, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, pageOf, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "serviceLog.title" };

/**
 * /my/garage/:bikeId/log: one bike's service log, its owner's only (anybody else's bike is "not found"). `?page=`
 * pages the entries, `?edit=` opens one entry's edit form.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const bikeId = idOrNull(params.bikeId);
  if (bikeId === null) notFound(translate(language, "serviceLog.error.bike_not_found"));
  let page: Awaited<ReturnType<typeof serviceLogPage>>;
  try {
    page = await serviceLogPage(db, clock, actor, bikeId, pageOf(url));
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    throw data(body.message, { status, statusText: body.message });
  }
  const model = `${language === "ko" ? page.bike.manufacturerKo : page.bike.manufacturerEn} ${language === "ko" ? page.bike.nameKo : page.bike.nameEn}`;
  return {
    ...page,
    model,
    editId: idOrNull(url.searchParams.get("edit")),
    token: randomUUID(),
    pageTitle: translate(language, "serviceLog.pageTitle", { model }),
  };
}

/** The fields that tell the page which form a refusal belongs to. */
const targetFields = new Set(["intent", "entryId"]);

const flashes = {
  add: "serviceLog.flash.added",
  edit: "serviceLog.flash.saved",
  delete: "serviceLog.flash.deleted",
  reminders: "serviceLog.flash.reminders",
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language: Language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const bikeId = idOrNull(params.bikeId);
  if (bikeId === null) notFound(translate(language, "serviceLog.error.bike_not_found"));
  const form = await readForm(request);
  const { refusal, submission } = parseIntentSubmission(
    form,
    serviceLogSchema(seoulDay(clock.now())),
    language,
  );
  if (refusal) return refusal;
  const { intent = "", entryId = "" } = typedTexts(submission, targetFields);
  const target = { intent, entryId };
  if (submission.status !== "success")
    return data({ ...target, lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  const entryOf = (fields: EntryInput): EntryInput => ({
    doneOn: fields.doneOn,
    mileageKm: fields.mileageKm,
    work: fields.work,
    note: fields.note,
    costWon: fields.costWon,
    shop: fields.shop,
  });
  try {
    switch (value.intent) {
      case "add":
        await submitOnce(db, clock, { memberId: actor.id, token: value.token }, (uow) =>
          addEntryIn(uow, actor, bikeId, entryOf(value), value.meetingId),
        );
        break;
      case "edit":
        await updateEntry(db, clock, actor, value.entryId, entryOf(value));
        break;
      case "delete":
        await deleteEntry(db, clock, actor, value.entryId);
        break;
      case "reminders":
        await saveReminders(db, clock, actor, bikeId, intervalsOf(value));
        break;
    }
  } catch (error) {
    const refused = withLastResult(domainFailure(language, error), submission);
    return data({ ...refused.data, ...target }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, `/my/garage/${bikeId}/log`), {
    key: flashes[value.intent],
  });
}

type ActionResult = {
  intent: string;
  entryId: string;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

export default function ServiceLogRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { bike, model, reminders, meetings, today, editId, token } = loaderData;
  const resultFor = (intent: string, entryId = "") =>
    result?.intent === intent && result.entryId === entryId ? result : undefined;
  return (
    <section className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-1">
        <LocalLink to="/my/garage" className="text-link text-sm underline">
          {t("serviceLog.back")}
        </LocalLink>
        <h1 className="text-2xl font-extrabold">{t("serviceLog.pageTitle", { model })}</h1>
        <p className="text-muted text-sm">{t("garage.year", { year: bike.year })}</p>
      </header>

      <ReminderPanel
        reminders={reminders}
        language={language}
        today={today}
        lastResult={resultFor("reminders")?.lastResult}
        error={resultFor("reminders")?.error}
      />

      <section aria-labelledby="service-log-add" className="space-y-3">
        <h2 id="service-log-add" className="text-lg font-bold">
          {t("serviceLog.add.title")}
        </h2>
        {resultFor("add")?.error ? <FormAlert error={resultFor("add")!.error} /> : null}
        <EntryForm
          mode={{ kind: "add", token, meetings }}
          today={today}
          lastResult={resultFor("add")?.lastResult}
        />
      </section>

      <EntryList
        data={loaderData}
        editId={editId}
        today={today}
        result={result?.intent === "edit" || result?.intent === "delete" ? result : undefined}
      />
    </section>
  );
}
