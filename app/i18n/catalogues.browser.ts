import type { Messages } from "./ko";
import type { Language } from ".";

/**
 * In the browser only the reader's language is loaded, as its own chunk (ADR 032): the client entry loads the page's
 * catalogue before hydrating, and a change of language is a full page load, so `translate` never waits.
 */
const catalogues: Partial<Record<Language, Messages>> = {};

export function loadedCatalogue(language: Language): Messages | undefined {
  return catalogues[language];
}

export async function loadCatalogue(language: Language): Promise<Messages> {
  const messages =
    catalogues[language] ?? (language === "en" ? (await import("./en")).en : (await import("./ko")).ko);
  catalogues[language] = messages;
  return messages;
}
