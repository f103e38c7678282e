import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { idText, optionalText } from "../form-fields";
import { blindForm } from "../members/relations.schema";
import { reviewVerdicts } from "./manner";

const issue = (message: MessageKey) => ({ error: message });

/** An offered price as typed: digits only (the service checks it against the asking price). */
const offerPrice = z
  .string(issue("marketError.offer_price_invalid"))
  .trim()
  .regex(/^\d{1,10}$/, issue("marketError.offer_price_invalid"))
  .transform(Number);

/**
 * The listing page's forms, one button each (ADR 026): the seller's steps on the listing, offers and their answers,
 * the buyer's confirmation, the trade review and hiding the seller.
 */
export const listingPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["delete", "bump", "release", "complete", "confirmPurchase"]) }),
  z.object({ intent: z.literal(["reserve", "sell"]), buyerId: z.string().optional() }),
  z.object({ intent: z.literal("offer"), price: offerPrice, message: optionalText }),
  z.object({ intent: z.literal(["withdraw", "accept", "decline"]), offerId: idText }),
  z.object({
    intent: z.literal("review"),
    verdict: z.enum(reviewVerdicts, issue("marketError.review_points_invalid")),
    points: z.array(z.string()).default([]),
    comment: optionalText,
  }),
  blindForm,
]);
