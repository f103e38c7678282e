import type { MessageKey, MessageParams } from "#app/i18n";

type FlashType = "success" | "error";

/** A message shown once on the page a redirect leads to: a catalogue key, rendered in the reader's language. */
export interface Flash {
  key: MessageKey;
  params?: MessageParams;
  type?: FlashType;
}

/** A flash as the page receives it; the id tells one flash from the next. */
export interface ShownFlash extends Flash {
  id: string;
  type: FlashType;
}
