import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { MeetingKind } from "#app/db/schema";
import type { Conversation } from "#app/services/meetings/chat/read.server";
import { systemText } from "./system-text";

export interface ConversationListData {
  kind: MeetingKind;
  items: Conversation[];
  nextCursor: string | null;
  now: string;
}

/** The member's conversations of one kind, most recently active first, with what waits unread. */
export function ConversationList({ data }: { data: ConversationListData }) {
  const t = useT();
  const language = useLanguage();
  const { kind, items, nextCursor, now } = data;
  if (items.length === 0)
    return (
      <section className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="font-semibold">{t("chat.conversations.empty")}</p>
        <p className="text-muted text-sm">{t("chat.conversations.emptyHint")}</p>
        <LocalLink
          to={`/meeting/${kind}/search`}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white"
        >
          {t("chat.conversations.findExperts")}
        </LocalLink>
      </section>
    );
  return (
    <section className="flex-1 overflow-y-auto" aria-label={t("chat.title")}>
      <ul className="divide-y divide-[var(--border-subtle)]">
        {items.map((item) => {
          const preview = !item.last
            ? ""
            : item.last.kind === "system"
              ? systemText(t, language, item.last.event, item.last.values)
              : `${item.last.mine ? t("chat.conversations.you") : ""}${
                  item.last.kind === "image" ? t("chat.conversations.photo") : item.last.text
                }`;
          return (
            <li key={item.code}>
              <LocalLink
                to={item.path}
                className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-[var(--surface-muted)]"
              >
                <Avatar name={item.other.nickname} src={item.other.avatarUrl} size="md" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    <span className="truncate font-semibold">{item.other.nickname}</span>
                    <span className="text-muted shrink-0 text-xs">
                      {t(
                        item.role === "requester"
                          ? "chat.conversations.asRequester"
                          : "chat.conversations.asProvider",
                      )}
                      {" · "}
                      {t(`meeting.status.${item.status}`)}
                    </span>
                  </span>
                  <span className="text-muted block truncate text-sm">{preview}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <Time at={item.lastMessageAt} now={now} className="text-muted text-xs" />
                  {item.unread > 0 ? (
                    <span className="min-w-6 rounded-full bg-rose-600 px-1.5 text-center text-xs font-bold text-white">
                      <span aria-hidden>{item.unread > 99 ? "99+" : item.unread}</span>
                      <span className="sr-only">
                        {t("chat.conversations.unread", { count: item.unread })}
                      </span>
                    </span>
                  ) : null}
                </span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
      {nextCursor ? (
        <p className="p-4 text-center">
          <LocalLink
            to={`/meeting/${kind}/chat?cursor=${encodeURIComponent(nextCursor)}`}
            className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4"
          >
            {t("chat.conversations.more")}
          </LocalLink>
        </p>
      ) : null}
    </section>
  );
}
