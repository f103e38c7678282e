import { isMessageKey } from "#app/i18n";
import { useT } from "#app/i18n/react";

/**
 * The messages of a field or form, in the page's language (a schema's messages are catalogue keys). Apart from the
 * schema form so that a page showing fields without checking them in the browser does not load the form library.
 */
export function useMessages() {
  const t = useT();
  return (errors: readonly string[] | undefined): string[] =>
    (errors ?? []).map((error) => (isMessageKey(error) ? t(error) : error));
}
