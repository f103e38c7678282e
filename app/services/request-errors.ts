import { areaErrors } from "#app/services/error-model";

/** A request the HTTP edge (the JSON API) could not read or answer; no service raises these. */
export const requestErrors = areaErrors("api", {
  not_found: { status: 404, messageKey: "api.notFound" },
  invalid_query: { status: 400, messageKey: "api.invalidQuery" },
  missing_table_name: { status: 400, messageKey: "api.missingTableName" },
  unknown_filter_table: { status: 400, messageKey: "api.unknownFilterTable" },
  payload_too_large: { status: 413, messageKey: "api.payloadTooLarge" },
  length_required: { status: 411, messageKey: "api.lengthRequired" },
  malformed_body: { status: 400, messageKey: "api.malformedBody" },
  address_not_found: { status: 404, messageKey: "api.addressNotFound" },
  address_lookup_failed: { status: 502, messageKey: "api.addressLookupFailed" },
  internal: 500,
});
