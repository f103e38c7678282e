import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { parseSeoulInput } from "#app/platform/seoul-calendar";
// Sets Zod up for the browser's Content-Security-Policy before the schema here is built.
import { checkbox, idText, optionalText } from "#app/services/form-fields";

/**
 * What the chat page and the chat service share: limits, realtime event names, the room name, the forms' schema and
 * the contact-number check that makes the page remind both sides to keep the deal in the app.
 */

/** Longest text message, in characters. */
export const CHAT_TEXT_MAX = 1000;
/** Longest reason of a message report, in characters. */
export const CHAT_REPORT_REASON_MAX = 200;
/** Longest cancellation reason (the meeting service checks the same 200). */
export const CANCEL_REASON_TEXT_MAX = 200;
/** Messages in one page of history, and the most one request may ask for. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;

/** A browser-made message id: 8 to 64 URL-safe characters, fresh for every message it sends. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Realtime events of a meeting's room. */
export const CHAT_MESSAGE_EVENT = "chat:message";
export const CHAT_READ_EVENT = "chat:read";
export const CHAT_TYPING_EVENT = "chat:typing";
/**
 * Client → server: a text for a room, answered by the stored message (the acknowledgement) or the refusal. The
 * page's form action takes the same text when the realtime link is down, and images always.
 */
export const CHAT_SEND_EVENT = "chat:send";

/** What `chat:send` carries: the room's code, the browser's id for the message, the text and the page's language. */
export interface ChatSendPayload {
  code: string;
  clientId: string;
  text: string;
  language: string;
}

/** A meeting's realtime room. */
export const meetingRoom = (code: string) => `meeting:${code}`;

// A Korean mobile number: 010, 011, 016–019, with or without separators (spaces, dots, hyphens).
const PHONE = /(?<!\d)01[016-9][\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)/;
// A run of digit groups (an account number is 10 to 14 digits, usually hyphenated: 110-123-456789).
const DIGIT_RUNS = /\d+(?:[\s-]\d+)*/g;

function looksLikeAccount(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUNS)) {
    const digits = run.replace(/\D/g, "").length;
    if (digits >= 10 && digits <= 14) return true;
  }
  return false;
}

/**
 * Whether a message seems to carry a phone or bank account number: the page then reminds both sides that a deal
 * kept in the app is protected. Prices with thousands separators and dates stay below the digit counts.
 */
export function hasContactNumber(text: string): boolean {
  return PHONE.test(text) || looksLikeAccount(text);
}

const issue = (message: MessageKey) => ({ error: message });

/** The composer's text (the image travels as a file beside it). */
export const chatTextSchema = z
  .string(issue("chat.error.text_required"))
  .transform((text) => text.trim())
  .refine((text) => text.length > 0, issue("chat.error.text_required"))
  .refine((text) => [...text].length <= CHAT_TEXT_MAX, issue("chat.error.text_length"));

/** A point of the meeting place: none when the page sent none (the address is looked up then). */
const coordinate = z.number(issue("meeting.error.place_invalid")).optional();

/** The appointment as the page's date-time field writes it, in Seoul time. */
const appointment = z.string(issue("meeting.error.date_invalid")).transform((text, context) => {
  const at = parseSeoulInput(text);
  if (at) return at;
  context.addIssue({ code: "custom", message: "meeting.error.date_invalid" });
  return z.NEVER;
});

/** Won as the provider types them: "30,000", "30000" (spaces and a trailing 원 allowed); whole won, 0 or more. */
const wonText = z.string(issue("payment.error.amount_invalid")).transform((text, context) => {
  const digits = text.replace(/[\s,]/g, "").replace(/원$/, "");
  if (/^\d{1,10}$/.test(digits)) return Number(digits);
  context.addIssue({ code: "custom", message: "payment.error.amount_invalid" });
  return z.NEVER;
});

/**
 * The provider's payment request as the plus controller sends it: the amount (left empty only for a free inspection,
 * which is 0 won), the note, and the free-inspection box. The limits (the largest amount, pickup's 5,000-won steps,
 * the note's length, free inspection for repair only) are the payment service's rules.
 */
const paymentRequestFields = (intent: "requestPayment" | "editPayment") =>
  z
    .object({
      intent: z.literal(intent),
      room: optionalText,
      amount: wonText.optional(),
      memo: optionalText,
      freeInspection: checkbox,
    })
    .superRefine((form, context) => {
      if (form.amount === undefined && !form.freeInspection)
        context.addIssue({ code: "custom", path: ["amount"], message: "payment.error.amount_invalid" });
    });

/**
 * The chat page's forms, one schema (ADR 026): the composer, reads and reports, the meeting's actions, and the
 * payment's (the provider's request, the requester's payment). The room's code is the address's (`?room=`) or the
 * form's. Texts go to the services as typed: the composer's words and the reasons are checked there, the same rules
 * the realtime link runs.
 */
export const chatFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send"),
    room: optionalText,
    clientId: optionalText,
    text: optionalText,
    image: z.file().optional(),
  }),
  z.object({ intent: z.literal("read"), room: optionalText, messageId: idText }),
  z.object({ intent: z.literal("report"), room: optionalText, messageId: idText, reason: optionalText }),
  z.object({ intent: z.literal("setAppointment"), room: optionalText, at: appointment }),
  z.object({
    intent: z.literal("setPlace"),
    room: optionalText,
    placeName: optionalText,
    placeAddress: optionalText,
    latitude: coordinate,
    longitude: coordinate,
  }),
  z.object({ intent: z.literal(["reserve", "end"]), room: optionalText }),
  z.object({ intent: z.literal("cancel"), room: optionalText, reason: optionalText }),
  z.object({ intent: z.literal("reportNoShow"), room: optionalText, content: optionalText }),
  paymentRequestFields("requestPayment"),
  paymentRequestFields("editPayment"),
  z.object({ intent: z.literal("withdrawPayment"), room: optionalText }),
  // The requester pays the request, with one of their coupons or none.
  z.object({ intent: z.literal("pay"), room: optionalText, memberCouponId: idText.optional() }),
]);
