import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { useLanguage, useT } from "#app/i18n/react";
import { seoulTime } from "#app/platform/seoul-calendar";
import type { ChatMember } from "#app/services/meetings/chat/read.server";
import type { ChatMessageView } from "#app/services/meetings/chat/messages.server";
import { MessageMenu } from "./MessageMenu";
import { systemText } from "./system-text";

/** The gentle reminder under a message that seems to carry a phone or account number. */
export function ContactWarning() {
  const t = useT();
  return (
    <p role="note" className="mt-1 rounded-lg bg-amber-50 px-2 py-1 text-xs text-amber-900">
      {t("chat.warning.contact")}
    </p>
  );
}

/**
 * One line of the chat: a system line in the middle, the viewer's own messages on the right (with "read" once the
 * other side has read them), everybody else's on the left with their name and picture.
 */
export function MessageItem({
  message,
  viewerId,
  sender,
  otherReadUpTo,
  canReport,
  actionPath,
}: {
  message: ChatMessageView;
  viewerId: string;
  sender: ChatMember | null;
  otherReadUpTo: number;
  canReport: boolean;
  actionPath: string;
}) {
  const t = useT();
  const language = useLanguage();
  if (message.kind === "system")
    return (
      <li className="my-2 flex justify-center" data-message-id={message.id}>
        <p className="text-muted surface-muted max-w-[85%] rounded-full px-3 py-1 text-center text-xs">
          {systemText(t, language, message.event, message.values)}
        </p>
      </li>
    );
  const mine = message.senderId === viewerId;
  const name = sender?.nickname ?? "";
  const words = message.body ? (
    <p
      className={`whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
        mine ? "bg-primary text-white" : "surface border border-subtle"
      }`}
    >
      {message.body}
    </p>
  ) : null;
  // A photo carries the words typed beside it under it, in one bubble column.
  const content =
    message.kind === "image" && message.image ? (
      <div className={`flex min-w-0 flex-col gap-1 ${mine ? "items-end" : "items-start"}`}>
        <img
          src={message.image.url}
          width={message.image.width}
          height={message.image.height}
          alt={t("chat.room.imageAlt", { nickname: name })}
          loading="lazy"
          className="h-auto max-h-80 w-auto max-w-full rounded-xl"
        />
        {words}
      </div>
    ) : (
      words
    );
  return (
    <li
      className={`my-1 flex gap-2 ${mine ? "justify-end" : "justify-start"}`}
      data-message-id={message.id}
      data-mine={mine || undefined}
    >
      {mine ? null : <Avatar name={name} src={sender?.avatarUrl} size="sm" />}
      <div className={`flex max-w-[78%] flex-col ${mine ? "items-end" : "items-start"}`}>
        {mine ? null : <span className="text-muted mb-0.5 text-xs">{name}</span>}
        <div className={`flex items-end gap-1 ${mine ? "flex-row-reverse" : ""}`}>
          {content}
          <span className="text-muted flex shrink-0 flex-col text-[0.65rem] leading-tight">
            {mine && message.id <= otherReadUpTo ? (
              <span className="font-semibold text-primary">{t("chat.room.read")}</span>
            ) : null}
            <Time at={message.createdAt} format="dateTime" className="sr-only" />
            <span aria-hidden>{timeOfDay(message.createdAt)}</span>
          </span>
          {canReport && !mine ? (
            <MessageMenu messageId={message.id} nickname={name} actionPath={actionPath} />
          ) : null}
        </div>
        {message.flagged ? <ContactWarning /> : null}
      </div>
    </li>
  );
}

/** "14:05" in Seoul time, the same on server and browser. */
function timeOfDay(at: string): string {
  const { hour, minute } = seoulTime(at);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
