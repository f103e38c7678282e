import { formatDateTime } from "#app/i18n/calendar";
import type { Language, MessageKey, MessageParams } from "#app/i18n";
import type { SystemEvent } from "#app/services/meetings/chat/messages.server";

type Translate = (key: MessageKey, params?: MessageParams) => string;

const roles = new Set(["requester", "provider", "admin"]);

/** A system line's words in the page's language, its stored values filled in (times in Seoul time). */
export function systemText(
  t: Translate,
  language: Language,
  event: SystemEvent | null,
  values: Record<string, string | number | null> | null,
): string {
  if (!event) return "";
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(values ?? {})) params[name] = value ?? "";
  if (typeof values?.at === "string") params.at = formatDateTime(language, values.at);
  else if ("at" in params) params.at = "-";
  if (typeof values?.by === "string" && roles.has(values.by))
    params.by = t(`chat.role.${values.by as "requester" | "provider" | "admin"}`);
  return t(`chat.system.${event}`, params);
}
