import type { SubmissionResult } from "@conform-to/react";
import Search from "lucide-react/icons/search";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/garage";
import { AddBikeForm, EditBikeForm } from "#app/components/garage/BikeForms";
import { bikeName, BikeSummary, BikeThumbnail } from "#app/components/garage/GarageBits";
import { GarageLogLink } from "#app/components/serviceLog/GarageLogLink";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath, type Language } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  addBike,
  currentMonth,
  garageOf,
  removeBike,
  updateBike,
} from "#app/services/motorcycles/garage.server";
import { GARAGE_LIMIT, garageSchema } from "#app/services/motorcycles/garage.schema";
import { searchModels } from "#app/services/motorcycles/search.server";
import { garageReminders } from "#app/services/service-log/service-log.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, typedTexts, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, readForm, uploadFormLimit } from "#app/shell/input.server";
import { imageRules } from "#app/services/uploads/images.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "garage.title" };

const QUERY_MAX = 50;

/**
 * The member's garage. Adding is two plain steps that work without JavaScript: `?q=` searches models (a GET form),
 * `&model=` picks one of the results and shows its years with the add form. `?edit=` opens one bike's edit form.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  const chosenId = idOrNull(url.searchParams.get("model"));
  const [bikes, results] = await Promise.all([
    garageOf(db, viewer.id),
    query ? searchModels(db, { query, limit: 20 }) : Promise.resolve([]),
  ]);
  const chosen = results.find((model) => model.modelId === chosenId) ?? null;
  return {
    bikes,
    query,
    results: results.map((model) => ({
      modelId: model.modelId,
      nameEn: model.nameEn,
      nameKo: model.nameKo,
      manufacturerEn: model.manufacturer.nameEn,
      manufacturerKo: model.manufacturer.nameKo,
      years: model.years,
    })),
    chosenId: chosen?.modelId ?? null,
    editId: idOrNull(url.searchParams.get("edit")),
    latestMonth: currentMonth(clock),
    limit: GARAGE_LIMIT,
    reminders: await garageReminders(db, clock, bikes),
  };
}

/** The photo a form carries, when one was chosen. */
async function photoOf(file: File | undefined) {
  if (!file || file.size === 0) return undefined;
  return { body: Buffer.from(await file.arrayBuffer()), declaredType: file.type };
}

/** The fields that tell the page which form a refusal belongs to. */
const targetFields = new Set(["intent", "bikeId"]);

const flashes = {
  add: "garage.flash.added",
  edit: "garage.flash.saved",
  remove: "garage.flash.removed",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language: Language = languageFromPath(new URL(request.url).pathname);
  const runtime = getRuntime();
  // A motorcycle has one photo.
  const form = await readForm(request, uploadFormLimit(1, imageRules.postImage.maxBytes));
  const { refusal, submission } = parseIntentSubmission(
    form,
    garageSchema(currentMonth(runtime.clock)),
    language,
  );
  if (refusal) return refusal;
  const { intent = "", bikeId = "" } = typedTexts(submission, targetFields);
  const target = { intent, bikeId };
  if (submission.status !== "success")
    return data({ ...target, lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "add") {
      await addBike(runtime, actor, value, await photoOf(value.photo));
    } else if (value.intent === "edit") {
      await updateBike(runtime, actor, value.bikeId, value, await photoOf(value.photo));
    } else {
      await removeBike(runtime.db, runtime.clock, actor, value.bikeId);
    }
  } catch (error) {
    const refused = withLastResult(domainFailure(language, error), submission);
    return data({ ...refused.data, ...target }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, "/my/garage"), { key: flashes[value.intent] });
}

type ActionResult = {
  intent: string;
  bikeId: string;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

export default function MyGarage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { bikes, query, results, chosenId, editId, latestMonth, limit, reminders } = loaderData;
  const chosen = results.find((model) => model.modelId === chosenId);
  const full = bikes.length >= limit;
  const modelName = (model: (typeof results)[number]) =>
    language === "ko" ? `${model.manufacturerKo} ${model.nameKo}` : `${model.manufacturerEn} ${model.nameEn}`;
  const editing = (id: number) =>
    editId === id || (result?.intent === "edit" && result.bikeId === String(id));
  return (
    <section className="mx-auto max-w-xl space-y-8">
      <header className="flex items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold">{t("garage.title")}</h1>
        <p className="text-muted text-sm">{t("garage.count", { count: bikes.length, max: limit })}</p>
      </header>

      <section aria-labelledby="garage-list" className="space-y-3">
        <h2 id="garage-list" className="sr-only">
          {t("garage.list")}
        </h2>
        {result?.error && result.intent !== "add" ? <FormAlert error={result.error} /> : null}
        {bikes.length === 0 ? (
          <p className="text-muted rounded-xl border border-dashed border-subtle p-6 text-center text-sm">
            {t("garage.empty")}
          </p>
        ) : (
          <ul className="space-y-3">
            {bikes.map((bike) => {
              const name = bikeName(bike, language);
              return (
                <li
                  key={bike.id}
                  className="space-y-3 rounded-xl border border-subtle p-3"
                  data-bike={bike.motorcycleId}
                >
                  <div className="flex items-center gap-3">
                    <BikeThumbnail bike={bike} />
                    <BikeSummary bike={bike} />
                  </div>
                  <GarageLogLink bikeId={bike.id} name={name} reminders={reminders[bike.id] ?? []} />
                  {editing(bike.id) ? (
                    <EditBikeForm
                      bike={bike}
                      name={name}
                      latestMonth={latestMonth}
                      lastResult={
                        result?.intent === "edit" && result.bikeId === String(bike.id)
                          ? result.lastResult
                          : undefined
                      }
                    />
                  ) : (
                    <div className="grid grid-cols-2 gap-2">
                      <LocalLink
                        to={`/my/garage?edit=${bike.id}`}
                        aria-label={t("garage.edit.title", { model: name })}
                        className="surface inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold"
                      >
                        {t("garage.edit.open")}
                      </LocalLink>
                      <Form method="post">
                        <input type="hidden" name="bikeId" value={bike.id} />
                        <ConfirmButton
                          name="intent"
                          value="remove"
                          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-rose-300 px-4 text-sm font-semibold text-rose-800 dark:text-rose-200"
                          confirm={{
                            title: t("garage.remove.confirm", { model: name }),
                            description: t("garage.remove.confirmText"),
                            action: t("garage.remove.action"),
                          }}
                        >
                          {t("garage.remove.button")}
                        </ConfirmButton>
                      </Form>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="garage-add" className="space-y-4">
        <h2 id="garage-add" className="text-lg font-bold">
          {t("garage.add.title")}
        </h2>
        {full ? (
          <p className="text-muted text-sm">{t("garage.add.limitReached", { max: limit })}</p>
        ) : (
          <>
            <Form method="get" role="search" className="space-y-1">
              <label htmlFor="garage-search" className="block text-sm font-semibold">
                {t("garage.add.search")}
              </label>
              <div className="flex gap-2">
                <input
                  id="garage-search"
                  name="q"
                  type="search"
                  defaultValue={query}
                  maxLength={QUERY_MAX}
                  aria-describedby="garage-search-hint"
                  className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
                />
                <button
                  type="submit"
                  className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
                >
                  <Search className="size-4" aria-hidden="true" />
                  {t("garage.add.searchButton")}
                </button>
              </div>
              <p id="garage-search-hint" className="text-muted text-xs">
                {t("garage.add.searchHint")}
              </p>
            </Form>
            {result?.error && result.intent === "add" ? <FormAlert error={result.error} /> : null}
            {chosen ? (
              <div className="space-y-3 rounded-xl border border-subtle p-4">
                {chosen.years.length === 0 ? (
                  <p className="text-muted text-sm">{t("garage.add.noYears")}</p>
                ) : (
                  <AddBikeForm
                    model={modelName(chosen)}
                    years={chosen.years}
                    latestMonth={latestMonth}
                    lastResult={result?.intent === "add" ? result.lastResult : undefined}
                  />
                )}
                <LocalLink
                  to={`/my/garage?q=${encodeURIComponent(query)}`}
                  className="text-link text-sm underline"
                >
                  {t("garage.add.again")}
                </LocalLink>
              </div>
            ) : query ? (
              results.length === 0 ? (
                <p className="text-muted text-sm">{t("garage.add.noResults")}</p>
              ) : (
                <section aria-labelledby="garage-results" className="space-y-2">
                  <h3 id="garage-results" className="text-sm font-semibold">
                    {t("garage.add.results")}
                  </h3>
                  <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
                    {results.map((model) => (
                      <li key={model.modelId} className="flex items-center justify-between gap-3 px-4 py-2">
                        <span>
                          <span className="font-semibold">{modelName(model)}</span>
                          {model.years.length > 0 ? (
                            <span className="text-muted block text-xs">
                              {model.years.map((year) => year.year).join(", ")}
                            </span>
                          ) : null}
                        </span>
                        <LocalLink
                          to={`/my/garage?q=${encodeURIComponent(query)}&model=${model.modelId}`}
                          aria-label={`${t("garage.add.choose")}: ${modelName(model)}`}
                          className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-subtle px-4 text-sm font-semibold"
                        >
                          {t("garage.add.choose")}
                        </LocalLink>
                      </li>
                    ))}
                  </ul>
                </section>
              )
            ) : null}
            <p className="text-muted text-sm">
              {t("garage.add.missing")}{" "}
              <LocalLink to="/report/motorcycle" className="text-link font-semibold underline">
                {t("garage.add.reportLink")}
              </LocalLink>
            </p>
          </>
        )}
      </section>
    </section>
  );
}
