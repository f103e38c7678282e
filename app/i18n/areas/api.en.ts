import type { Widen } from "../widen";
import type { koApi } from "./api.ko";

/** English messages of the API's refusals. */
export const enApi: Widen<typeof koApi> = {
  notFound: "No such API endpoint.",
  unknownFilterTable: "Unknown filter table: {tableName}",
  missingTableName: "The tableName parameter is required.",
  invalidQuery: "The request parameters are malformed.",
  payloadTooLarge: "The request body is too large.",
  lengthRequired: "The request must state the length of its body.",
  malformedBody: "The request body could not be parsed.",
  internal: "A server error occurred. Please try again in a moment.",
  databaseUnavailable: "The database cannot be reached.",
  addressNotFound: "Address not found.",
  addressLookupFailed: "The address search failed. Please try again later.",
};
