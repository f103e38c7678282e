import { en } from "./en";
import { ko, type Messages } from "./ko";
import type { Language } from ".";

/** On the server (and in tests) both catalogues are part of the program: it renders pages in either language. */
const catalogues: Record<Language, Messages> = { ko, en };

export function loadedCatalogue(language: Language): Messages | undefined {
  return catalogues[language];
}

export async function loadCatalogue(language: Language): Promise<Messages> {
  return catalogues[language];
}

/** Every area is part of both catalogues here: none is ever waited for. */
export function areaLoad(_language: Language, _key: string): Promise<void> | undefined {
  return undefined;
}
