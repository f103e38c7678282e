import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import { formContentHtml } from "#app/services/content/rich-text.server";
import {
  ArticleRefused,
  readArticleHtml,
  sanitisedContentOf,
} from "#app/services/content/article-html.server";
import { submitOnce } from "#app/services/content/submit-once.server";
import { districtGroups, memberTradeAreas } from "#app/services/market/areas.server";
import {
  isMarketKind,
  isVehicleKind,
  listingPath,
  marketKinds,
  type MarketKind,
} from "#app/services/market/kinds";
import {
  checkListing,
  countOpenVehicleListings,
  getListingForEdit,
  insertListing,
  modelYearMax,
  updateListing,
  type ListingInput,
} from "#app/services/market/listings.server";
import { listingKindStepSchema, listingSchema } from "#app/services/market/listing.schema";
import {
  serviceLogChoiceOf,
  serviceLogFormChoice,
  setListingServiceLog,
} from "#app/services/service-log/listing-log.server";
import { fitsText, isFitKind, typedFitsText } from "#app/services/market/fits";
import { fitModelOptions } from "#app/services/market/fits.server";
import { DomainError } from "#app/services/errors";
import { digestTypedFrameNumber } from "#app/services/theft/frame-number-digest.server";
import { frameNumberTailFor } from "#app/services/theft/holds.server";
import { actingFrom, requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { parseSubmission, refusedSubmission } from "#app/shell/form.server";
import { formLimits, idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { ListingFormData, ListingFormValues } from "#app/components/market/ListingForm";

/** The write page of the market (/market/write): a new listing, or `?id=` to edit one (its seller or an admin). */

async function categoryOptions(kind: MarketKind | null, language: Language) {
  if (!kind) return [];
  const rows = await listCategories(getRuntime().db, kind);
  return rows.map((row) => ({ id: row.id, name: language === "ko" ? row.nameKo : row.nameEn }));
}

const emptyValues: ListingFormValues = {
  categoryId: "",
  title: "",
  content: "",
  price: "",
  negotiable: false,
  tradeDirect: true,
  tradeDelivery: false,
  areaCode: "",
  modelName: "",
  modelYear: "",
  mileageKm: "",
  displacementCc: "",
  colour: "",
  accidentHistory: "",
  paperwork: [],
  tuned: false,
  frameNumber: "",
  fits: "",
};

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

function refusal(language: Language, error: unknown): never {
  const { status, error: body } = domainAnswer(language, error);
  throw data(body.message, { status, statusText: body.message });
}

export async function loadListingForm(request: Request): Promise<ListingFormData> {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const common = {
    kinds: [...marketKinds],
    areas: (await memberTradeAreas(db, actor.id)).map((area) => ({ code: area.code, names: area.names })),
    districts: districtGroups(),
    vehicleCount: await countOpenVehicleListings(db, actor.id),
    modelYearMax: modelYearMax(clock),
    token: randomUUID(),
  };
  // The catalogue's models for the fit picker, while the kind may still be (or is) parts or gear.
  const fitModels = async (kind: MarketKind | null) =>
    kind === null || isFitKind(kind) ? await fitModelOptions(db) : [];
  const rawId = url.searchParams.get("id");
  if (rawId !== null && rawId !== "") {
    const id = idOrNull(rawId);
    if (id === null) notFound(translate(language, "marketError.not_found"));
    let listing: Awaited<ReturnType<typeof getListingForEdit>>;
    try {
      listing = await getListingForEdit(db, clock, actor, id);
    } catch (error) {
      refusal(language, error);
    }
    return {
      ...common,
      mode: "edit",
      listingId: id,
      serviceLog: await serviceLogFormChoice(db, actor, id),
      kind: listing.kind,
      categories: await categoryOptions(listing.kind, language),
      fitModels: await fitModels(listing.kind),
      values: {
        categoryId: text(listing.categoryId),
        title: listing.title,
        content: listing.contentHtml,
        price: String(listing.price),
        negotiable: listing.negotiable,
        tradeDirect: listing.tradeDirect,
        tradeDelivery: listing.tradeDelivery,
        areaCode: listing.areaCode,
        modelName: text(listing.vehicle.modelName),
        modelYear: text(listing.vehicle.modelYear),
        mileageKm: text(listing.vehicle.mileageKm),
        displacementCc: text(listing.vehicle.displacementCc),
        colour: text(listing.vehicle.colour),
        accidentHistory: text(listing.vehicle.accidentHistory),
        paperwork: listing.vehicle.paperwork ?? [],
        tuned: listing.vehicle.tuned ?? false,
        // Never shown again in full: the field starts empty, and only the stored number's tail is named.
        frameNumber: "",
        fits: fitsText(listing.fits),
      },
      frameNumberTail: await frameNumberTailFor(db, actor, id),
      pageTitle: translate(language, "marketForm.editTitle"),
    };
  }
  const requested = url.searchParams.get("kind");
  const kind = isMarketKind(requested) ? requested : null;
  return {
    ...common,
    mode: "create",
    listingId: null,
    serviceLog: await serviceLogFormChoice(db, actor, null),
    kind,
    categories: await categoryOptions(kind, language),
    fitModels: await fitModels(kind),
    values: { ...emptyValues, areaCode: common.areas[0]?.code ?? "" },
    pageTitle: translate(language, "marketForm.writeTitle"),
  };
}

/** What was typed, as the form shows it again after a refusal (check boxes as "on"). */
function typedValues(payload: Record<string, unknown>): Record<string, string> {
  const names = [
    "kind",
    "categoryId",
    "title",
    "content",
    "price",
    "areaCode",
    "modelName",
    "modelYear",
    "mileageKm",
    "displacementCc",
    "colour",
    "accidentHistory",
    "frameNumber",
    "serviceLogBikeId",
  ];
  const texts = (name: string) => [payload[name]].flat().filter((value) => typeof value === "string");
  const values: Record<string, string> = {};
  for (const name of names) values[name] = texts(name)[0] ?? "";
  for (const name of ["negotiable", "tradeDirect", "tradeDelivery", "tuned"])
    values[name] = texts(name)[0] === "on" ? "on" : "";
  values.paperwork = texts("paperwork").join(",");
  values.fits = typedFitsText(payload.fits);
  return values;
}

/** The content a refused form shows again: HTML as the one sanitising pass read it (see the board's write form). */
async function echoedContent(typed: string, error?: unknown): Promise<string> {
  if (formContentHtml(typed) !== typed) return typed;
  if (error instanceof ArticleRefused) return error.sanitisedContent ?? typed;
  return sanitisedContentOf(await readArticleHtml(typed)) ?? typed;
}

export async function submitListingForm(request: Request) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const form = await readForm(request, formLimits.richText);
  // Without JavaScript, choosing another kind is a form step: its types, nothing saved.
  const step = parseSubmission(form, listingKindStepSchema);
  const values = typedValues(step.payload);
  if (step.status === "success") {
    const kind = isMarketKind(step.value.kind) ? step.value.kind : null;
    return {
      step: "kind" as const,
      kind,
      categories: await categoryOptions(kind, language),
      fitModels: isFitKind(kind) ? await fitModelOptions(db) : [],
      values,
    };
  }

  const submission = parseSubmission(form, listingSchema(modelYearMax(clock)));

  if (submission.status !== "success") {
    const refused = refusedSubmission(submission, ["content"]);
    return data(
      { ...refused.data, values: { ...values, content: await echoedContent(values.content ?? "") } },
      refused.init ?? undefined,
    );
  }
  const listing = submission.value;
  const kind = listing.kind as MarketKind;
  const input: ListingInput = {
    kind,
    categoryId: listing.categoryId ?? null,
    title: listing.title,
    contentHtml: formContentHtml(listing.content),
    price: listing.price,
    negotiable: listing.negotiable,
    tradeDirect: listing.tradeDirect,
    tradeDelivery: listing.tradeDelivery,
    areaCode: listing.areaCode,
    vehicle: isVehicleKind(kind)
      ? {
          modelName: listing.modelName,
          modelYear: listing.modelYear ?? null,
          mileageKm: listing.mileageKm ?? null,
          displacementCc: listing.displacementCc ?? null,
          colour: listing.colour,
          accidentHistory: listing.accidentHistory,
          paperwork: listing.paperwork,
          tuned: listing.tuned,
        }
      : null,
    fits: listing.fits,
  };
  const id = idOrNull(listing.id);
  const serviceLog = serviceLogChoiceOf(listing.serviceLogBikeId);
  let saved: { id: number; kind: MarketKind };
  try {
    if (isVehicleKind(kind))
      input.frameNumber = digestTypedFrameNumber(getRuntime().config.personalDataKeys, listing.frameNumber);
    if (listing.id !== "") {
      if (id === null) throw new DomainError("market", "not_found");
      saved = await updateListing(db, clock, actor, id, input, actingFrom(request), (uow) =>
        setListingServiceLog(uow, actor, id, serviceLog),
      );
    } else {
      const checked = await checkListing(db, clock, input);
      saved = await submitOnce(db, clock, { memberId: actor.id, token: listing.token }, async (uow) => {
        const written = await insertListing(uow, clock, actor, checked);
        await setListingServiceLog(uow, actor, written.id, serviceLog);
        return written;
      });
    }
  } catch (error) {
    return domainFailure(language, error, {
      ...values,
      content: await echoedContent(values.content ?? "", error),
    });
  }
  return redirect(localizePath(language, listingPath(saved.kind, saved.id)));
}
