import { decryptJwe, encryptJwe, looksLikeJwe } from "./jwe.server";
import {
  PayoutRefused,
  PayoutUnavailable,
  type PayoutHint,
  type PayoutRequest,
  type PayoutService,
  type PayoutState,
  type SellerRegistration,
  type SellerState,
} from "./types";

/**
 * Toss Payments' payouts (지급대행, API v2), spoken with the global `fetch` (ADR 065):
 *
 *     Authorization: Basic base64(secretKey + ":")
 *     POST /v2/sellers          JWE body   TossPayments-api-security-mode: ENCRYPTION   Idempotency-Key: …
 *     POST /v2/payouts          JWE body   (one item per call)                           Idempotency-Key: payoutKey
 *     GET  /v2/payouts/{id}
 *     GET  /v2/balances
 *
 * answered with `{version, traceId, entityType, entityBody, error}` (a JWE of it for encrypted requests); `error` is
 * `{code, message}`.
 */

const TOSS_API_URL = "https://api.tosspayments.com";

/** What the recipient's bank statement shows; Toss's `transactionDescription` is short (7 characters seen). */
const DEFAULT_MEMO = "모토메이트";

export interface TossPayoutsOptions {
  /** The API individual secret key (`test_sk_…`/`live_sk_…`) of the payouts contract: never leaves the server. */
  secretKey: string;
  /** The security key (64 hex characters) that encrypts request bodies: never leaves the server. */
  securityKey: string;
  apiUrl?: string;
  /** How long one call may take before its outcome counts as unknown; Toss advises at least 60 s for payouts. */
  timeoutMs?: number;
  memo?: string;
  fetch?: typeof globalThis.fetch;
}

/** Answers that say nothing about whether the call took effect, whatever their status. */
const UNCERTAIN_CODES = new Set(["IDEMPOTENT_REQUEST_PROCESSING", "PROVIDER_ERROR"]);

/** Refusals of our own credentials: a configuration to fix, not a payout that failed. */
const CREDENTIAL_CODES = new Set(["UNAUTHORIZED_KEY", "INVALID_API_KEY", "INCORRECT_BASIC_AUTH_FORMAT"]);

const PAYOUT_KEY = /^[A-Za-z0-9_-]{1,64}$/;

type Answer =
  { kind: "ok"; entity: unknown } | { kind: "refused"; status: number; code: string; message: string };

interface TossPayout {
  id: string;
  refPayoutId: string;
  status: string;
  error: { code: string; message: string } | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function errorOf(value: unknown): { code: string; message: string } | null {
  const error = record(value);
  const code = text(error?.code);
  return code ? { code, message: typeof error?.message === "string" ? error.message : "" } : null;
}

function payoutOf(value: unknown): TossPayout | null {
  const payout = record(value);
  const id = text(payout?.id);
  const refPayoutId = text(payout?.refPayoutId);
  const status = text(payout?.status);
  if (!payout || !id || !refPayoutId || !status) return null;
  return { id, refPayoutId, status, error: errorOf(payout.error) };
}

/**
 * The payout's state in the interface's words; null for a status this adapter does not know. `redact` cleans the
 * failure message Toss wrote, which may name the account.
 */
function stateOf(payout: TossPayout, redact: (message: string) => string): PayoutState | null {
  switch (payout.status) {
    case "REQUESTED":
    case "IN_PROGRESS":
      return { status: "processing", ref: payout.id };
    case "COMPLETED":
      // The payout object carries no completion instant; the webhook's or the lookup's own time is the caller's.
      return { status: "paid", ref: payout.id, paidAt: null };
    case "FAILED":
      return {
        status: "failed",
        ref: payout.id,
        code: payout.error?.code ?? "FAILED",
        message: redact(payout.error?.message ?? ""),
      };
    case "CANCELED":
      return {
        status: "failed",
        ref: payout.id,
        code: "CANCELED",
        message: "The payout request was cancelled.",
      };
    default:
      return null;
  }
}

const SELLER_STATUSES: Record<string, SellerState["status"]> = {
  APPROVAL_REQUIRED: "approval-required",
  PARTIALLY_APPROVED: "partially-approved",
  KYC_REQUIRED: "kyc-required",
  APPROVED: "approved",
};

const BUSINESS_TYPES = {
  individual: "INDIVIDUAL",
  "sole-proprietor": "INDIVIDUAL_BUSINESS",
  corporation: "CORPORATE",
} as const;

export function createTossPayouts({
  secretKey,
  securityKey,
  apiUrl = TOSS_API_URL,
  timeoutMs = 60_000,
  memo = DEFAULT_MEMO,
  fetch = globalThis.fetch,
}: TossPayoutsOptions): PayoutService {
  const base = apiUrl.replace(/\/+$/, "");
  const credentials = Buffer.from(`${secretKey}:`).toString("base64");

  /** Nothing Toss or the network says may carry a key or an account number into a message or a log. */
  function redact(message: string, personal: string[] = []): string {
    let safe = message;
    for (const secret of [secretKey, securityKey, credentials, ...personal].filter(
      (value) => value.length >= 4,
    ))
      safe = safe.split(secret).join("***");
    // An account or registration number written another way (with dashes, in part) is still a run of digits.
    return safe.replace(/\d[\d-]{7,}\d/g, "***");
  }

  async function call(
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; idempotencyKey?: string; personal?: string[] } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: `Basic ${credentials}` };
    let body: string | undefined;
    if (options.body !== undefined) {
      // Every payouts request with a body is encrypted (the ENCRYPTION security mode), and so is its answer.
      body = encryptJwe(JSON.stringify(options.body), securityKey);
      headers["Content-Type"] = "text/plain";
      headers["TossPayments-api-security-mode"] = "ENCRYPTION";
    }
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    let response: Response;
    let raw: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const timedOut = (error as { name?: unknown } | null)?.name === "TimeoutError";
      throw new PayoutUnavailable(
        timedOut
          ? `Toss Payments did not answer within ${timeoutMs} ms`
          : "Toss Payments could not be reached",
      );
    }
    let json: unknown;
    try {
      json = looksLikeJwe(raw) ? JSON.parse(decryptJwe(raw, securityKey).plaintext) : JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const envelope = record(json);
    const error =
      errorOf(envelope?.error) ?? (envelope && !("entityBody" in envelope) ? errorOf(envelope) : null);
    const status = response.status;
    if (response.ok && !error) {
      if (!envelope)
        throw new PayoutUnavailable(`Toss Payments answered HTTP ${status} with nothing readable`);
      return { kind: "ok", entity: "entityBody" in envelope ? envelope.entityBody : envelope };
    }
    const code = error?.code ?? `HTTP_${status}`;
    if (
      status >= 500 ||
      status === 429 ||
      status === 401 ||
      UNCERTAIN_CODES.has(code) ||
      CREDENTIAL_CODES.has(code)
    )
      throw new PayoutUnavailable(`Toss Payments answered HTTP ${status} ${code}`);
    return {
      kind: "refused",
      status,
      code,
      message: redact(error?.message || `Toss Payments answered HTTP ${status}`, options.personal),
    };
  }

  async function sendOne(request: PayoutRequest): Promise<PayoutState> {
    const refuse = (code: string, message: string): PayoutState => ({
      status: "failed",
      ref: null,
      code,
      message,
    });
    if (!PAYOUT_KEY.test(request.payoutKey))
      return refuse("INVALID_REQUEST", "payoutKey must be 1–64 of A–Z a–z 0–9 - _");
    if (!Number.isSafeInteger(request.amount) || request.amount < 1)
      return refuse("INVALID_REQUEST", "amount must be a whole number of won, at least 1");
    if (!request.sellerId)
      return refuse("SELLER_NOT_REGISTERED", "The expert is not registered as a seller at Toss Payments.");
    const answer = await call("POST", "/v2/payouts", {
      body: [
        {
          refPayoutId: request.payoutKey,
          destination: request.sellerId,
          scheduleType: "EXPRESS",
          amount: { currency: "KRW", value: request.amount },
          transactionDescription: memo,
        },
      ],
      idempotencyKey: request.payoutKey,
      personal: [request.accountNumber],
    });
    if (answer.kind === "refused") return refuse(answer.code, answer.message);
    const entity = answer.entity;
    const items = Array.isArray(entity) ? entity : record(entity)?.items;
    const payout = (Array.isArray(items) ? items : [])
      .map(payoutOf)
      .find((item) => item?.refPayoutId === request.payoutKey);
    const state = payout ? stateOf(payout, (message) => redact(message, [request.accountNumber])) : null;
    // A 2xx that does not show the payout may still have made it: only the same key sent again can tell.
    if (!state)
      throw new PayoutUnavailable("Toss Payments accepted the request but its answer shows no payout");
    return state;
  }

  return {
    mode: "toss",

    // One item per call, so that each payout's own key is its idempotency key. The first uncertain answer stops
    // the run: the payouts sent before it are answered again under their keys when the caller retries.
    async send(requests) {
      const states: PayoutState[] = [];
      for (const request of requests) states.push(await sendOne(request));
      return states;
    },

    async lookup(payoutKey, ref) {
      if (!ref)
        throw new PayoutUnavailable(
          "Toss Payments looks a payout up by its own id; send the request again under the same payoutKey",
        );
      const answer = await call("GET", `/v2/payouts/${encodeURIComponent(ref)}`);
      if (answer.kind === "refused") {
        if (answer.status === 404) return { status: "unknown" };
        throw new PayoutUnavailable(`Toss Payments refused the lookup: ${answer.code}`);
      }
      const payout = payoutOf(answer.entity);
      const state = payout ? stateOf(payout, (message) => redact(message)) : null;
      if (!payout || !state)
        throw new PayoutUnavailable("Toss Payments answered with a payout it cannot read");
      if (payout.refPayoutId !== payoutKey)
        throw new PayoutUnavailable(
          "the payout Toss Payments has under that id belongs to another payoutKey",
        );
      return state;
    },

    async balance() {
      const answer = await call("GET", "/v2/balances");
      if (answer.kind === "refused")
        throw new PayoutUnavailable(`Toss Payments refused the balance: ${answer.code}`);
      const value = record(record(answer.entity)?.availableAmount)?.value;
      if (typeof value !== "number" || !Number.isFinite(value))
        throw new PayoutUnavailable("Toss Payments answered with a balance it cannot read");
      return value;
    },

    // Only payout.changed names a payout. The signature Toss adds is not checked: the hint only makes the caller
    // look the payout up, which a forged body cannot change.
    parseWebhook(rawBody, _headers): PayoutHint | null {
      let event: Record<string, unknown> | null;
      try {
        event = record(JSON.parse(rawBody));
      } catch {
        return null;
      }
      if (event?.eventType !== "payout.changed") return null;
      const body = record(event.entityBody);
      const payoutKey = text(body?.refPayoutId);
      const ref = text(body?.id);
      return payoutKey || ref ? { payoutKey, ref } : null;
    },

    async registerSeller(registration: SellerRegistration): Promise<SellerState> {
      const { kind, name, email, phone, business } = registration;
      if (kind !== "individual" && !business)
        throw new PayoutRefused(
          "INVALID_REQUEST",
          "A business seller needs its trade name and registration number.",
        );
      const contact = { email, phone };
      const answer = await call("POST", "/v2/sellers", {
        body: {
          refSellerId: registration.memberId,
          businessType: BUSINESS_TYPES[kind],
          ...(kind === "individual"
            ? { individual: { name, ...contact } }
            : {
                company: {
                  name: business!.companyName,
                  representativeName: name,
                  businessRegistrationNumber: business!.registrationNumber,
                  ...contact,
                },
              }),
          account: {
            bankCode: registration.bankCode,
            accountNumber: registration.accountNumber,
            holderName: registration.holderName,
          },
        },
        idempotencyKey: registration.registrationKey,
        personal: [registration.accountNumber, business?.registrationNumber ?? "", phone],
      });
      if (answer.kind === "refused") throw new PayoutRefused(answer.code, answer.message);
      const seller = record(answer.entity);
      const sellerId = text(seller?.id);
      const status = SELLER_STATUSES[text(seller?.status) ?? ""];
      if (!sellerId || !status)
        throw new PayoutUnavailable("Toss Payments answered with a seller it cannot read");
      return { sellerId, status };
    },
  };
}
