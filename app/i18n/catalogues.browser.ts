import { languageFromPath, type Language } from ".";
import type { Messages } from "./ko";

/**
 * In the browser only the reader's language is loaded, and of it only the shell and the areas the loaded modules
 * name (ADR 038). The shell (`shell.ko.ts`/`shell.en.ts`) is loaded before hydrating; each area
 * (`areas/<area>.<language>.ts`) is its own chunk, awaited at the top of every module that names one of its keys
 * (`app/i18n/vite-areas.ts` writes that await into the client build), so by the time a module renders, its messages
 * are here and `translate` never waits. A change of language is a full page load.
 */
type Catalogue = Record<string, unknown>;

const shells: Record<Language, () => Promise<Catalogue>> = {
  ko: async () => (await import("./shell.ko")).koShell,
  en: async () => (await import("./shell.en")).enShell,
};

const areaModules = import.meta.glob<Record<string, Catalogue>>("./areas/*.ts");

const catalogues: Partial<Record<Language, Catalogue>> = {};
const loading = new Map<string, Promise<void>>();

export function loadedCatalogue(language: Language): Messages | undefined {
  return catalogues[language] as Messages | undefined;
}

export function loadCatalogue(language: Language): Promise<Messages> {
  return once(`${language}:shell`, async () => {
    const shell = await shells[language]();
    catalogues[language] = { ...shell, ...catalogues[language] };
  }).then(() => catalogues[language] as Messages);
}

/** Loads the areas in the page's language (its path says which), with the shell they sit beside. */
export async function loadAreas(areas: readonly string[]): Promise<void> {
  const language = languageFromPath(window.location.pathname);
  await Promise.all([loadCatalogue(language), ...areas.map((area) => loadArea(language, area))]);
}

/**
 * The load of a key's area when no loaded module named it (a key that came with a page's data, such as a search
 * group's label): `translate` throws it, so the render waits for the area and runs again, as for any suspended data.
 */
export function areaLoad(language: Language, key: string): Promise<void> | undefined {
  const area = key.slice(0, key.indexOf("."));
  if (!areaModules[`./areas/${area}.${language}.ts`] || catalogues[language]?.[area] !== undefined)
    return undefined;
  return loadArea(language, area);
}

function loadArea(language: Language, area: string): Promise<void> {
  return once(`${language}:${area}`, async () => {
    const load = areaModules[`./areas/${area}.${language}.ts`];
    if (!load) throw new Error(`No ${language} catalogue for the area ${area}`);
    const exported = Object.values(await load());
    if (exported.length !== 1) throw new Error(`The ${area} area's ${language} module has one export`);
    catalogues[language] = { ...catalogues[language], [area]: exported[0] };
  });
}

/** One load per key, shared by every module that asks; a failed load is tried again by the next one. */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loading.delete(key);
      throw error;
    });
    loading.set(key, pending);
  }
  return pending;
}
