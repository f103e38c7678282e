import type { Route } from "./+types/inspection";
import { InspectionPage, type InspectionActionData } from "#app/components/inspection/InspectionPage";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import { INSPECTION_PHOTOS_MAX, inspectionPageSchema } from "#app/services/inspection/inspection.schema";
import {
  answerInspection,
  getInspection,
  proposeTime,
  publishReport,
  writeReport,
} from "#app/services/inspection/inspections.server";
import { inspectionPath } from "#app/services/inspection/paths";
import { imageRules } from "#app/services/uploads/images.server";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm, uploadFormLimit } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { readFiles } from "#app/shell/profile-form.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "inspection.title" };

/** The inspection in the address; an id that is none is a page that does not exist. */
function idOf(value: string | undefined): number {
  const id = idOrNull(value);
  if (id === null) notFound();
  return id;
}

/**
 * /inspection/{id}: an inspection before buying, for its buyer, seller and expert (and moderators); anyone else
 * only once the seller published its report, and 404 before. The seller answers the time and publishes here; the
 * expert writes the report here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const id = idOf(params.id);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  try {
    const inspection = await getInspection(db, actor, id);
    return {
      inspection,
      now: clock.now().toISOString(),
      pageTitle: `${translate(language, "inspection.title")} · ${inspection.listing.title}`,
    };
  } catch (error) {
    if (isDomainError(error, "inspection")) notFound();
    throw error;
  }
}

/** The report's texts, given back after a refusal (files cannot be). */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (typeof value === "string" && name !== "keep") values[name] = value;
  return values;
}

/**
 * The page's forms by `intent`: the seller agrees, declines or publishes; the buyer or expert proposes a time; the
 * expert saves or submits the report with its photos. Each is checked by its service (who may, in which state); the
 * answer is the page again with one message, or the refusal with what was typed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const id = idOf(params.id);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock, storage } = getRuntime();
  const form = await readForm(request, uploadFormLimit(INSPECTION_PHOTOS_MAX, imageRules.postImage.maxBytes));
  const values = typedValues(form);
  const { refusal, submission } = parseIntentSubmission(
    form,
    inspectionPageSchema(() => clock.now()),
    language,
  );
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission, values);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "agree":
      case "decline":
        await answerInspection(db, clock, actor, id, input.intent);
        break;
      case "propose":
        await proposeTime(db, clock, actor, id, input.at);
        break;
      case "publish":
        await publishReport(db, clock, actor, id);
        break;
      case "save":
      case "submit":
        await writeReport({ db, clock, storage }, actor, id, input, await readFiles(form, "photos"));
        break;
    }
  } catch (error) {
    return domainFailure(language, error, values);
  }
  return redirectWithFlash(localizePath(language, inspectionPath(id)), {
    key: `inspection.flash.${input.intent}`,
  });
}

export default function Inspection({ loaderData, actionData }: Route.ComponentProps) {
  return <InspectionPage data={loaderData} result={actionData as InspectionActionData | undefined} />;
}
