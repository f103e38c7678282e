import ImagePlus from "lucide-react/icons/image-plus";
import Send from "lucide-react/icons/send";
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { Form, useActionData, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";
import {
  emitRealtimeEvent,
  joinRealtimeRoom,
  onRealtimeEvent,
  onRealtimeReconnect,
  requestRealtime,
} from "#app/components/realtime/socket";
import { FormAlert } from "#app/components/ui/fields";
import { useTypedEarly } from "#app/components/ui/use-typed-early";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { formatDateTime } from "#app/i18n/calendar";
import type { MeetingKind } from "#app/db/schema";
import type { ChatHistory, ChatReadPush, ChatRoomView } from "#app/services/meetings/chat/read.server";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_READ_EVENT,
  CHAT_SEND_EVENT,
  CHAT_TEXT_MAX,
  CHAT_TYPING_EVENT,
  chatTextSchema,
  hasContactNumber,
  meetingRoom,
  type ChatSendPayload,
} from "#app/services/meetings/chat/chat.schema";
import type { ChatMessagePush, ChatMessageView } from "#app/services/meetings/chat/messages.server";
import type { FormError } from "#app/shell/auth.server";
import type { ChatSendAnswer } from "#app/shell/realtime-commands.server";
import { RequestDetails, useRequestSummary } from "#app/components/meeting/RequestDetails";
import { useHydrated } from "#app/components/ui/use-hydrated";
import type { ActionAnswer } from "./control-parts";
import { ContactWarning, MessageItem } from "./MessageItem";
import { PaymentPanel, PaymentSummary } from "./PaymentControls";
import { hasRoomControls, PlainRoomControls, RoomControlsButton, type MapSettings } from "./RoomControls";

export interface ChatRoomData {
  kind: MeetingKind;
  room: ChatRoomView;
  history: ChatHistory;
  viewerId: string;
  clientId: string;
  now: string;
  map: MapSettings;
}

/** How long the other side's "typing" stays up after their last keystroke signal. */
const TYPING_SHOWN_MS = 3_000;
/** At most one typing signal per this many milliseconds (the server drops more). */
const TYPING_EVERY_MS = 1_500;

function merged(current: ChatMessageView[], incoming: readonly ChatMessageView[]): ChatMessageView[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

interface Pending {
  clientId: string;
  text: string;
  image: File | null;
}

type SendAnswer = { ok?: true; message?: ChatMessageView; error?: FormError };

/**
 * A message on its way: a text over the realtime link (the form's action when the link is down), an image by its
 * own fetcher; shown as "sending" until the stored message comes back (the
 * acknowledgement), or as failed with a retry that reuses the same client id, so the server stores it once.
 */
function PendingMessage({
  item,
  roomCode,
  actionPath,
  onStored,
  onDrop,
}: {
  item: Pending;
  roomCode: string;
  actionPath: string;
  onStored: (message: ChatMessageView) => void;
  onDrop: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const fetcher = useFetcher<SendAnswer>();
  const started = useRef(false);
  /** The realtime link's answer, while the text went that way. */
  const [linkAnswer, setLinkAnswer] = useState<SendAnswer>();
  const [viaLink, setViaLink] = useState(false);
  const post = useCallback(() => {
    const body = new FormData();
    body.set("intent", "send");
    body.set("clientId", item.clientId);
    if (item.image) body.set("image", item.image);
    body.set("text", item.text);
    void fetcher.submit(body, { method: "post", action: actionPath, encType: "multipart/form-data" });
  }, [fetcher, item, actionPath]);
  const submit = useCallback(() => {
    if (item.image) return post();
    // A text goes over the realtime link when it is up; without an answer from it, the form's action takes it,
    // with the same client id, so it is stored once whichever way arrived.
    setViaLink(true);
    setLinkAnswer(undefined);
    const payload: ChatSendPayload = { code: roomCode, clientId: item.clientId, text: item.text, language };
    void requestRealtime<ChatSendAnswer>(CHAT_SEND_EVENT, payload).then((answer) => {
      if (answer && "ok" in answer) setLinkAnswer({ ok: true, message: answer.message });
      else if (answer && "message" in answer.error) setLinkAnswer({ error: answer.error });
      // The link's own pace refuses before any service, with the code only: the page words it.
      else if (answer?.error.code === "too_fast")
        setLinkAnswer({ error: { code: "too_fast", message: t("chat.error.too_fast") } });
      else {
        setViaLink(false);
        post();
      }
    });
  }, [item, post, roomCode, language, t]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    submit();
  }, [submit]);
  const answer = viaLink ? linkAnswer : fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok && answer.message) onStored(answer.message);
  }, [answer, onStored]);
  const failed = answer && !answer.ok;
  return (
    <li className="my-1 flex justify-end" aria-live="polite">
      <div className="flex max-w-[78%] flex-col items-end gap-1">
        <p className="whitespace-pre-wrap break-words rounded-2xl bg-primary/70 px-3 py-2 text-sm text-white">
          {item.image ? t("chat.composer.imageChosen", { name: item.image.name }) : null}
          {item.image && item.text ? <br /> : null}
          {item.text}
        </p>
        {failed ? (
          <div className="flex flex-col items-end gap-1 text-xs">
            <FormAlert error={answer.error ?? { code: "failed", message: t("chat.room.failed") }} />
            <span className="flex gap-2">
              <button type="button" onClick={submit} className="font-semibold text-primary">
                {t("chat.room.retry")}
              </button>
              <button type="button" onClick={onDrop} className="text-muted">
                {t("chat.room.discard")}
              </button>
            </span>
          </div>
        ) : (
          <span className="text-muted text-xs">{t("chat.room.sending")}</span>
        )}
      </div>
    </li>
  );
}

function newClientId(): string {
  return crypto.randomUUID();
}

/** Where the room's forms post: this page with its room. */
function useActionPath(code: string): string {
  const { pathname } = useLocation();
  return `${pathname}?room=${encodeURIComponent(code)}`;
}

/** The composer: text (Enter sends, Shift+Enter breaks the line) or a photo; a plain form without JavaScript. */
function Composer({
  data,
  actionPath,
  onSend,
  controls,
}: {
  data: ChatRoomData;
  actionPath: string;
  onSend: (pending: Pending) => void;
  /** The plus button of the meeting's controls, first in the row. */
  controls: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const answer = useActionData<ActionAnswer>();
  const refusedSend = answer?.values?.intent === "send" ? answer : undefined;
  const [text, setText] = useState(refusedSend?.values?.text ?? "");
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<FormError | undefined>(refusedSend?.error);
  const fileInput = useRef<HTMLInputElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  useTypedEarly(textField, setText);
  const lastTyping = useRef(0);
  const room = meetingRoom(data.room.code);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A photo takes the words typed beside it along, as one message; the box is cleared of both.
    if (image && text.trim() === "") {
      onSend({ clientId: newClientId(), text: "", image });
      setImage(null);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const parsed = chatTextSchema.safeParse(text);
    if (!parsed.success) {
      const key =
        parsed.error.issues[0]?.message === "chat.error.text_length" ? "text_length" : "text_required";
      setProblem({ code: key, message: t(`chat.error.${key}`) });
      return;
    }
    setProblem(undefined);
    onSend({ clientId: newClientId(), text: parsed.data, image });
    setText("");
    if (image) {
      setImage(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <Form
      method="post"
      action={actionPath}
      encType="multipart/form-data"
      onSubmit={submit}
      className="surface space-y-1 border-t border-subtle p-2"
      aria-label={t("chat.composer.label")}
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientId" value={data.clientId} />
      {hasContactNumber(text) ? <ContactWarning /> : null}
      <FormAlert error={problem} />
      {image ? (
        <p className="text-muted flex items-center gap-2 text-xs">
          {t("chat.composer.imageChosen", { name: image.name })}
          <button
            type="button"
            className="font-semibold text-primary"
            onClick={() => {
              setImage(null);
              if (fileInput.current) fileInput.current.value = "";
            }}
          >
            {t("chat.composer.removeImage")}
          </button>
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        {controls}
        <label className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full border border-subtle focus-within:ring-2">
          <ImagePlus aria-hidden className="size-5" />
          <span className="sr-only">{t("chat.composer.image")}</span>
          <input
            ref={fileInput}
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        </label>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t("chat.composer.label")}
        </label>
        <textarea
          id={`${id}-text`}
          ref={textField}
          name="text"
          rows={1}
          value={text}
          maxLength={CHAT_TEXT_MAX}
          placeholder={t("chat.composer.placeholder")}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_EVERY_MS) {
              lastTyping.current = now;
              emitRealtimeEvent(CHAT_TYPING_EVENT, room);
            }
          }}
          onKeyDown={(event) => {
            // Korean input composes syllables with Enter pending: only a finished Enter sends.
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          className="surface max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-subtle px-3 py-2"
        />
        <button
          type="submit"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white"
        >
          <Send aria-hidden className="size-5" />
          <span className="sr-only">{t("chat.composer.send")}</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="text-muted flex justify-between px-1 text-[0.7rem]">
        <span>{t("chat.composer.hint")}</span>
        <span>{t("chat.composer.count", { count: [...text].length, max: CHAT_TEXT_MAX })}</span>
      </p>
    </Form>
  );
}

interface TypingPush {
  room: string;
  memberId: string;
}

/**
 * A meeting's room: its messages (reading back as the member scrolls up), the live ones from the room's realtime
 * channel, read marks both ways, the other side's typing, the composer, and the meeting's controls for the viewer.
 */
export function ChatRoom({ data }: { data: ChatRoomData }) {
  const t = useT();
  const { room, viewerId } = data;
  const actionPath = useActionPath(room.code);
  const channel = meetingRoom(room.code);
  const otherId =
    room.role === "provider" ? room.requester.id : room.role === "requester" ? room.provider.id : null;
  const [messages, setMessages] = useState(data.history.messages);
  const [hasEarlier, setHasEarlier] = useState(data.history.hasEarlier);
  const [otherReadUpTo, setOtherReadUpTo] = useState(room.otherReadUpTo);
  const [pending, setPending] = useState<Pending[]>([]);
  const [typing, setTyping] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLLIElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const earlier = useFetcher<{ mode?: string; history?: ChatHistory }>();
  const missed = useFetcher<{ mode?: string; history?: ChatHistory }>();
  const reader = useFetcher();
  const lastRead = useRef(room.readUpTo);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // A system line is a change of the meeting (appointment, place, state): the header and the controls follow it by
  // reloading the page's data, once the page is not loading already and only when its data does not hold the line
  // yet. The member's own change is reloaded by its action, and a second load started meanwhile would cancel it.
  const [changedUpTo, setChangedUpTo] = useState(0);
  const reloadedFor = useRef(0);
  const loadedUpTo = data.history.messages.reduce((newest, message) => Math.max(newest, message.id), 0);
  const loading = navigation.state !== "idle" || revalidator.state !== "idle";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (loading || changedUpTo <= loadedUpTo || changedUpTo <= reloadedFor.current) return;
    reloadedFor.current = changedUpTo;
    void revalidate();
  }, [loading, changedUpTo, loadedUpTo, revalidate]);

  const receive = useCallback(
    (incoming: readonly ChatMessageView[]) => {
      setMessages((current) => merged(current, incoming));
      const mine = new Set(incoming.filter((m) => m.senderId === viewerId).map((m) => m.clientId));
      if (mine.size > 0) setPending((current) => current.filter((item) => !mine.has(item.clientId)));
    },
    [viewerId],
  );

  // What the loader and the history fetchers bring joins the list once each (a revalidation after an action, a
  // page read back, what was missed during a break): adjusted while rendering, as React advises for derived state.
  const [seen, setSeen] = useState<readonly unknown[]>([data.history]);
  const arrivals = [data.history, earlier.data?.history, missed.data?.history].filter(
    (page): page is ChatHistory => page !== undefined && !seen.includes(page),
  );
  if (arrivals.length > 0) {
    setSeen((current) => [...current, ...arrivals]);
    setMessages((current) => arrivals.reduce((list, page) => merged(list, page.messages), current));
    if (earlier.data?.history && arrivals.includes(earlier.data.history))
      setHasEarlier(earlier.data.history.hasEarlier);
  }

  const lastId = messages.at(-1)?.id ?? 0;
  const catchUp = useCallback(() => {
    void missed.load(`${actionPath}&after=${lastId}`);
  }, [missed, actionPath, lastId]);
  const catchUpRef = useRef(catchUp);
  useEffect(() => {
    catchUpRef.current = catchUp;
  }, [catchUp]);

  useEffect(() => {
    // Once the join is accepted, what was sent between the page's load and the join is read back.
    const leave = joinRealtimeRoom(channel, undefined, () => catchUpRef.current());
    const offMessage = onRealtimeEvent<ChatMessagePush>(CHAT_MESSAGE_EVENT, (push) => {
      if (push.room !== channel) return;
      receive([push.message]);
      if (push.message.senderId === otherId) setTyping(false);
      if (push.message.kind === "system") setChangedUpTo((current) => Math.max(current, push.message.id));
    });
    const offRead = onRealtimeEvent<ChatReadPush>(CHAT_READ_EVENT, (push) => {
      if (push.room === channel && push.memberId === otherId)
        setOtherReadUpTo((current) => Math.max(current, push.lastReadMessageId));
    });
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const offTyping = onRealtimeEvent<TypingPush>(CHAT_TYPING_EVENT, (push) => {
      if (push.room !== channel || push.memberId !== otherId) return;
      setTyping(true);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    });
    const offReconnect = onRealtimeReconnect(() => catchUpRef.current());
    return () => {
      clearTimeout(typingTimer);
      offMessage();
      offRead();
      offTyping();
      offReconnect();
      leave();
    };
  }, [channel, otherId, receive]);

  // A message from the other side past the viewer's read mark, while the page is in view, is marked read (the page's
  // load writes nothing).
  const lastFromOthers = [...messages].reverse().find((m) => m.senderId !== viewerId)?.id ?? 0;
  useEffect(() => {
    if (room.role === "admin" || lastFromOthers <= lastRead.current) return;
    if (typeof document !== "undefined" && document.visibilityState !== "visible") return;
    lastRead.current = lastFromOthers;
    void reader.submit(
      { intent: "read", messageId: String(lastFromOthers) },
      { method: "post", action: actionPath },
    );
  }, [lastFromOthers, room.role, reader, actionPath]);

  // Reading back keeps the view where it was; new messages scroll into view when the member is at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, pending, typing]);

  const loadEarlier = useCallback(() => {
    const first = messages[0];
    if (!first || earlier.state !== "idle") return;
    const element = scroller.current;
    keepFromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
    void earlier.load(`${actionPath}&before=${first.id}`);
  }, [messages, earlier, actionPath]);

  useEffect(() => {
    const sentinel = topSentinel.current;
    if (!sentinel || !hasEarlier || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadEarlier();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasEarlier, loadEarlier]);

  const stored = useCallback((message: ChatMessageView) => receive([message]), [receive]);
  const senderOf = (id: string | null) =>
    id === room.requester.id ? room.requester : id === room.provider.id ? room.provider : null;
  const answer = useActionData<ActionAnswer>();
  const firstId = messages[0]?.id;
  const hydrated = useHydrated();
  // The meeting's controls (the plus button with the page's scripts, a disclosure above the composer without them).
  const controls = hasRoomControls(room) ? { room, actionPath, now: data.now, map: data.map } : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <RoomHeader room={room} />
      {room.payment.actions.includes("pay") ? <PaymentPanel room={room} actionPath={actionPath} /> : null}
      {answer?.ok && answer.notice ? (
        <p role="status" className="bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
          {answer.notice}
        </p>
      ) : null}
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-2"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        <ol aria-label={t("chat.room.messages")} aria-live="polite" aria-relevant="additions">
          <li ref={topSentinel} className="flex justify-center py-1">
            {hasEarlier && firstId ? (
              <LocalLink
                to={`/meeting/${data.kind}/chat?room=${encodeURIComponent(room.code)}&before=${firstId}`}
                onClick={(event) => {
                  event.preventDefault();
                  loadEarlier();
                }}
                className="text-muted rounded-full border border-subtle px-3 py-1 text-xs"
              >
                {earlier.state === "loading" ? t("chat.room.loading") : t("chat.room.loadEarlier")}
              </LocalLink>
            ) : null}
          </li>
          {messages.length === 0 ? (
            <li className="text-muted py-6 text-center text-sm">{t("chat.room.empty")}</li>
          ) : null}
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              viewerId={viewerId}
              sender={senderOf(message.senderId)}
              otherReadUpTo={otherReadUpTo}
              canReport={room.role !== "admin"}
              actionPath={actionPath}
            />
          ))}
          {pending.map((item) => (
            <PendingMessage
              key={item.clientId}
              item={item}
              roomCode={room.code}
              actionPath={actionPath}
              onStored={stored}
              onDrop={() =>
                setPending((current) => current.filter((other) => other.clientId !== item.clientId))
              }
            />
          ))}
        </ol>
        {typing && otherId ? (
          <p className="text-muted px-2 py-1 text-xs" role="status">
            {t("chat.room.typing", { nickname: senderOf(otherId)?.nickname ?? "" })}
          </p>
        ) : null}
      </div>
      {controls && !hydrated ? <PlainRoomControls {...controls} /> : null}
      {room.canWrite ? (
        <Composer
          data={data}
          actionPath={actionPath}
          controls={controls && hydrated ? <RoomControlsButton {...controls} /> : null}
          onSend={(item) => {
            stickToBottom.current = true;
            setPending((current) => [...current, item]);
          }}
        />
      ) : (
        <p className="surface-muted border-t border-subtle p-3 text-center text-sm" role="note">
          {room.role === "admin" ? t("chat.room.adminReadOnly") : t("chat.room.readOnly")}
        </p>
      )}
    </div>
  );
}

/**
 * The top of the room: where the meeting stands (state, appointment, place) and what the requester asked for, for
 * both sides: open for the provider while the request is being answered, a line that opens to it otherwise.
 */
function RoomHeader({ room }: { room: ChatRoomView }) {
  const t = useT();
  const language = useLanguage();
  const summary = useRequestSummary(room.request);
  return (
    <div className="surface-muted space-y-1 border-b border-subtle px-4 py-2 text-xs">
      <p>
        <span className="font-semibold">{t(`meeting.status.${room.status}`)}</span>
        {" · "}
        {room.appointmentAt
          ? t("chat.room.appointment", { at: formatDateTime(language, room.appointmentAt) })
          : t("chat.room.noAppointment")}
        {room.place
          ? ` · ${t("chat.room.place", { name: room.place.name })}${room.place.address ? ` (${room.place.address})` : ""}`
          : null}
      </p>
      {room.cancelReason ? <p>{t("chat.room.cancelReason", { reason: room.cancelReason })}</p> : null}
      <PaymentSummary meetingId={room.id} payment={room.payment} />
      {room.request.length > 0 ? (
        <details
          className="group"
          open={(room.role === "provider" && room.status === "chatting") || undefined}
        >
          <summary className="flex min-h-8 cursor-pointer items-center gap-1">
            <span className="shrink-0 font-semibold">
              {t("chat.room.request", { nickname: room.requester.nickname })}
            </span>
            <span className="text-muted truncate group-open:hidden">{summary}</span>
          </summary>
          <div className="max-h-[40vh] overflow-y-auto pt-1 pb-1">
            <RequestDetails details={room.request} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** A room the member may not enter (or a code that names none): the refusal's message and the way back. */
export function RoomRefused({ error, backTo }: { error: FormError; backTo: string }) {
  const t = useT();
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-lg font-bold">{t("chat.room.refused")}</h1>
      <FormAlert error={error} />
      <LocalLink
        to={backTo}
        className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4"
      >
        {t("chat.backToList")}
      </LocalLink>
    </section>
  );
}
