import { areaLoad, loadedCatalogue } from "#i18n/catalogues";
import type { Messages } from "./ko";
import { formatMessage } from "./message";

export const languages = ["ko", "en"] as const;
export type Language = (typeof languages)[number];
const defaultLanguage: Language = "ko";

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
export type MessageKey = Paths<Messages>;
export type MessageParams = Record<string, string | number>;

/** The locale cookie, kept 365 days on path / with SameSite lax. */
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The catalogue of a language; in the browser, only the one loaded for the page (see #i18n/catalogues). */
function catalogue(language: Language): Messages {
  const messages = loadedCatalogue(language);
  if (!messages) throw new Error(`The ${language} catalogue is not loaded`);
  return messages;
}

/**
 * Whether a string names a message of the catalogue (for keys that come back from outside, such as a cookie). Both
 * languages have the same keys, so whichever catalogue is loaded answers.
 */
export function isMessageKey(value: string): value is MessageKey {
  const language = loadedCatalogue("ko") ? "ko" : "en";
  const messages = loadedCatalogue(language);
  if (messages === undefined) return false;
  if (lookup(messages, value) !== undefined) return true;
  const loading = areaLoad(language, value);
  if (loading) throw loading;
  return false;
}

/**
 * A key built from a value that comes from outside the code's types (a database column, a form), checked against
 * the catalogue: the fallback when the catalogue has no such message. Keys built from typed unions need no check.
 */
export function messageKeyOr(key: string, fallback: MessageKey): MessageKey {
  return isMessageKey(key) ? key : fallback;
}

/** A message in the language, its values filled in; counted messages pick their plural form (see ./message). */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = lookup(catalogue(language), key);
  if (template === undefined) {
    // In the browser, a key of an area not loaded yet: a render suspends until it is (see #i18n/catalogues).
    const loading = areaLoad(language, key);
    if (loading) throw loading;
    throw new Error(`Missing message ${key} in ${language}`);
  }
  return formatMessage(language, template, params);
}

export function isLanguage(value: unknown): value is Language {
  return value === "ko" || value === "en";
}

/** English lives under /en, Korean at the root. */
export function languageFromPath(pathname: string): Language {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "ko";
}

/** The path without its language prefix: "/en/policy" → "/policy". */
export function stripLanguage(pathname: string): string {
  if (languageFromPath(pathname) === "ko") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/** A Korean-locale path in the given language: "/policy" → "/en/policy" for English. */
export function localizePath(language: Language, path: string): string {
  const base = stripLanguage(path.startsWith("/") ? path : `/${path}`);
  if (language === "ko") return base;
  return base === "/" ? "/en" : `/en${base}`;
}

/** The best supported language of an Accept-Language header, Korean when none matches. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...attributes] = part.trim().split(";");
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The language a request asks for: its path for pages, else the locale cookie, else Accept-Language. */
export function languageOfRequest(headers: {
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  const fromCookie = readCookie(headers.cookie, LOCALE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : languageFromAcceptLanguage(headers.acceptLanguage);
}
