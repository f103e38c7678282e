import { translate, type Language, type MessageKey } from "#app/i18n";
import { messageArguments } from "#app/i18n/message";
import { isAlarmType } from "./types";

/** Titles are shown whole on their own page; in a notification line a long one is cut. */
const TITLE_LENGTH = 40;

export interface MessageSource {
  type: string;
  params: Record<string, string | number>;
  /** How many events the notification stands for (repeats folded into it). */
  repeats?: number;
  /** The acting member as they are now: their current nickname, or withdrawn. */
  actor: { nickname: string | null; withdrawn: boolean } | null;
}

function shorten(text: string) {
  const chars = [...text];
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH - 1).join("")}…` : text;
}

/**
 * The notification's line in the reader's language. Written at read time from the stored type and values, so it
 * follows the reader's language and the actor's current nickname; a value the sender left out becomes empty
 * rather than a raw placeholder, and a type without a text yet reads as a generic notification. A notification that
 * folded repeats in says how many times it happened.
 */
export function renderAlarmMessage(language: Language, source: MessageSource): string {
  const key: MessageKey = isAlarmType(source.type)
    ? `alarm.message.${source.type}`
    : "alarm.message.fallback";
  // Numbers stay numbers: the catalogue groups amounts and picks plural forms for counts.
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(source.params)) {
    values[name] = typeof value === "number" ? value : shorten(String(value));
  }
  if (source.actor?.withdrawn) values.nickname = translate(language, "alarm.formerMember");
  else if (source.actor?.nickname) values.nickname = source.actor.nickname;
  else values.nickname ??= translate(language, "alarm.formerMember");
  const template = translate(language, key);
  for (const name of messageArguments(template)) values[name] ??= "";
  const message = translate(language, key, values);
  const repeats = source.repeats ?? 1;
  return repeats > 1 ? `${message} ${translate(language, "alarm.repeated", { count: repeats })}` : message;
}
