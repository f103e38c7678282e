import express, { type Router } from "express";
import { z } from "zod";
import { AddressLookupError, AddressNotFoundError } from "#app/platform/address.server";
import type { Runtime } from "#app/platform/runtime.server";
import { searchAddress } from "#app/services/location/address-provider.server";
import { nearestArea } from "#app/services/location/address-search";
import { apiLanguage, handler, refuse } from "./kit";

const addressQuery = z.object({
  q: z.string().trim().min(1).max(100),
  lang: z.enum(["ko", "en"]).optional(),
});
const reverseQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  lang: z.enum(["ko", "en"]).optional(),
});

/** Address search for location pickers: Kakao Local when configured, else the built-in gazetteer. */
export function locationRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.get(
    "/address",
    handler(async (req, res) => {
      const query = addressQuery.safeParse(req.query);
      if (!query.success) refuse("request", "invalid_query");
      try {
        res.json({ items: await searchAddress(runtime.addresses, query.data.q, apiLanguage(req)) });
      } catch (error) {
        if (error instanceof AddressNotFoundError) refuse("request", "address_not_found");
        if (error instanceof AddressLookupError) refuse("request", "address_lookup_failed");
        throw error;
      }
    }),
  );

  router.get(
    "/address/reverse",
    handler(async (req, res) => {
      const query = reverseQuery.safeParse(req.query);
      if (!query.success) refuse("request", "invalid_query");
      const language = apiLanguage(req);
      const area = nearestArea(query.data.lat, query.data.lng);
      res.json({
        label: language === "ko" ? area.ko : area.en,
        simpleAddress: language === "ko" ? area.koShort : area.enShort,
        lat: area.lat,
        lng: area.lng,
        code: area.code,
      });
    }),
  );
  return router;
}
