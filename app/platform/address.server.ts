/**
 * The address-search gateway as the platform sees it: what an adapter answers and how it fails. The adapters (the
 * built-in gazetteer, Kakao Local) live with the location service.
 */

export type AddressLanguage = "ko" | "en";

export interface AddressResult {
  /** What the member picks from: the full area name (gazetteer) or Kakao's address, which is always Korean. */
  label: string;
  /** The coarse 시/군/구 name shown publicly, e.g. "영등포구" or "Yeongdeungpo-gu". */
  simpleAddress: string;
  lat: number;
  lng: number;
  /** The gazetteer code of the 시/군/구 (or 시/도) the result lies in, when known. */
  code?: string;
}

export interface AddressProvider {
  /** Which adapter this is ("gazetteer", "kakao"), for logs and the development pages. */
  readonly kind: string;
  /** Resolves with the matches, best first (none is an empty list); rejects with an AddressLookupError. */
  search(query: string, language: AddressLanguage): Promise<AddressResult[]>;
}

/** The address service failed or did not answer. The message is safe to log; it never carries credentials. */
export class AddressLookupError extends Error {
  readonly code = "address_lookup_failed" as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AddressLookupError";
  }
}

/** The search found no address. */
export class AddressNotFoundError extends Error {
  readonly code = "address_not_found" as const;

  constructor() {
    super("No address matches the query");
    this.name = "AddressNotFoundError";
  }
}
