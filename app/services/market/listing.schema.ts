import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { overRichTextBytes } from "../content/limits";
import { ARTICLE_TITLE_MAX } from "../board/kinds";
import { checkbox, idText, optionalText, requiredText } from "../form-fields";
import { frameNumberField } from "../theft/frame-number";
import { fitsField } from "./fits.schema";
import { isMarketKind, isVehicleKind, LISTING_PRICE_MAX, vehiclePaperworks } from "./kinds";

/** Longest model name, colour and accident history a vehicle listing takes. */
export const MODEL_NAME_MAX = 50;
export const COLOUR_MAX = 20;
export const HISTORY_MAX = 500;
export const DISPLACEMENT_MAX = 3000;
export const MILEAGE_MAX = 999_999;

const issue = (message: MessageKey) => ({ error: message });

/** A whole number typed in a form, digits only, within bounds; the message names the field's rule. */
function wholeNumber(message: MessageKey, min: number, max: number) {
  return z
    .string(issue(message))
    .trim()
    .regex(/^\d{1,10}$/, issue(message))
    .transform(Number)
    .pipe(z.number().min(min, issue(message)).max(max, issue(message)));
}

const optionalWholeNumber = (message: MessageKey, min: number, max: number) =>
  wholeNumber(message, min, max).optional();

const limitedText = (max: number) =>
  optionalText.refine((text) => [...text.trim()].length <= max, issue("marketError.text_length"));

/**
 * The listing form (/market/write, new and edited). The browser and the action parse with it; the service checks
 * again what only it knows (the kind's categories, the member's vehicle listings, the sanitised content) and the
 * year against today's Seoul date (`modelYearMax`).
 */
export function listingSchema(modelYearMax: number) {
  return z
    .object({
      token: optionalText,
      id: optionalText,
      kind: requiredText("marketError.kind_invalid").refine(isMarketKind, issue("marketError.kind_invalid")),
      categoryId: idText.optional().catch(undefined),
      title: requiredText("board.error.title_required").refine(
        (title) => [...title].length <= ARTICLE_TITLE_MAX,
        issue("board.error.title_length"),
      ),
      content: z
        .string(issue("board.error.content_required"))
        .refine((content) => content.trim() !== "", issue("board.error.content_required"))
        .refine((content) => !overRichTextBytes(content), issue("board.error.content_too_large")),
      price: wholeNumber("marketError.price_invalid", 0, LISTING_PRICE_MAX),
      negotiable: checkbox,
      tradeDirect: checkbox,
      tradeDelivery: checkbox,
      areaCode: requiredText("marketError.area_invalid"),
      modelName: limitedText(MODEL_NAME_MAX),
      modelYear: optionalWholeNumber("marketError.model_year_invalid", 1900, modelYearMax),
      mileageKm: optionalWholeNumber("marketError.mileage_invalid", 0, MILEAGE_MAX),
      displacementCc: optionalWholeNumber("marketError.displacement_invalid", 1, DISPLACEMENT_MAX),
      colour: limitedText(COLOUR_MAX),
      accidentHistory: limitedText(HISTORY_MAX),
      paperwork: z
        .array(z.enum(vehiclePaperworks))
        .optional()
        .transform((values) => [...new Set(values ?? [])]),
      tuned: checkbox,
      frameNumber: frameNumberField,
      /** A garage bike whose service log the listing shows, or "none"; absent keeps the link (ADR 071). */
      serviceLogBikeId: z.string().optional(),
      fits: fitsField,
    })
    .superRefine(
      (value, ctx) => {
        // Checked even while other fields are wrong, so that the form names every missing field at once.
        const form = (value ?? {}) as Record<string, unknown>;
        const add = (path: string, message: MessageKey) =>
          ctx.addIssue({ code: "custom", path: [path], message });
        if (isMarketKind(form.kind) && form.categoryId === undefined)
          add("categoryId", "marketError.category_required");
        if (!form.tradeDirect && !form.tradeDelivery) add("tradeDirect", "marketError.trade_method_required");
        if (isVehicleKind(form.kind)) {
          if (typeof form.modelName !== "string" || form.modelName.trim() === "")
            add("modelName", "marketError.model_required");
          const cc = form.displacementCc;
          if (typeof cc === "number" && !displacementFits(form.kind, cc))
            add("displacementCc", "marketError.displacement_kind");
        }
      },
      { when: () => true },
    );
}

/** Whether a displacement belongs in a vehicle kind: up to 125 cc for the under-125 kinds, above for the others. */
export function displacementFits(kind: string, cc: number): boolean {
  return kind.startsWith("under125") ? cc <= 125 : cc > 125;
}

/** Without JavaScript, choosing another kind is a form step of its own: the kind chosen, nothing saved. */
export const listingKindStepSchema = z.object({ intent: z.literal("kind"), kind: optionalText });
