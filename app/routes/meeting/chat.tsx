import { randomUUID } from "node:crypto";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/chat";
import { ChatRoom, RoomRefused } from "#app/components/chat/ChatRoom";
import { ConversationList } from "#app/components/chat/ConversationList";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { parseSeoulInput } from "#app/platform/seoul-calendar";
import { actorOf, type Actor } from "#app/services/actor";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  listConversations,
  loadRoom,
  markRead,
  meetingIdOfRoom,
  readHistory,
  reportMessage,
  sendMessage,
} from "#app/services/meetings/chat.server";
import { takeChatTurn } from "#app/services/meetings/chat-pace.server";
import type { ChatIntent } from "#app/services/meetings/chat.schema";
import { isMeetingKind } from "#app/services/meetings/finder-options";
import {
  cancelMeeting,
  endMeeting,
  reserveMeeting,
  setAppointment,
  setPlace,
} from "#app/services/meetings/meetings.server";
import { reportNoShow } from "#app/services/meetings/no-shows.server";
import { meetingChatPath } from "#app/services/meetings/paths";
import { formText, requireActor, requireViewer } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm, uploadFormLimit } from "#app/shell/input.server";
import { imageRules } from "#app/services/uploads/images.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "chat.title" };

type ConversationKind = NonNullable<NonNullable<Parameters<typeof listConversations>[2]>["kind"]>;

/** A message id in an address (`before`, `after`); null when absent or not one. */
function messageIdOf(value: string | null): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** The slim header the chat layout shows: where "back" goes and the title. */
export interface ChatHeader {
  title: string;
  backTo: string;
}

async function conversationsPage(
  language: Language,
  actor: Actor,
  kind: ConversationKind,
  cursor: string | null,
) {
  const { db, clock } = getRuntime();
  const kindName = translate(language, `meeting.kind.${kind}`);
  const title = translate(language, "chat.conversations.title", { kind: kindName });
  const page = await listConversations(db, actor, { kind, cursor });
  return {
    mode: "list" as const,
    kind,
    ...page,
    now: clock.now().toISOString(),
    pageTitle: title,
    header: { title, backTo: `/meeting/${kind}` } satisfies ChatHeader,
  };
}

/**
 * /meeting/{kind}/chat: without `?room=` the member's conversations of that kind; with `?room={code}` the room and its
 * latest messages (or those `before`/`after` a message, for reading back and catching up). Loading writes nothing: a
 * prefetch or a background reload must not tell the other side "read"; the page in view posts its read mark itself.
 * A room the member may not enter answers 403 (404 for a malformed or unknown code) with the refusal's message.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  if (!isMeetingKind(params.kind)) notFound();
  const kind = params.kind;
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const actor = actorOf(viewer);
  const code = url.searchParams.get("room");
  if (code === null) return conversationsPage(language, actor, kind, url.searchParams.get("cursor"));

  const { db, clock, config } = getRuntime();
  const listHeader: ChatHeader = {
    title: translate(language, "chat.title"),
    backTo: `/meeting/${kind}/chat`,
  };
  try {
    const room = await loadRoom(db, clock, actor, code);
    if (room.kind !== kind) throw redirect(localizePath(language, meetingChatPath(room)));
    const before = messageIdOf(url.searchParams.get("before"));
    const after = messageIdOf(url.searchParams.get("after"));
    const history = await readHistory(db, actor, code, { before, after });
    const other = room.role === "provider" ? room.requester : room.provider;
    const title =
      room.role === "admin"
        ? translate(language, "chat.room.adminTitle", {
            requester: room.requester.nickname,
            provider: room.provider.nickname,
          })
        : translate(language, "chat.room.title", { nickname: other.nickname });
    return {
      mode: "room" as const,
      kind,
      room,
      history,
      viewerId: viewer.id,
      // The form's message id when the page is used without JavaScript; the browser makes its own otherwise.
      clientId: randomUUID(),
      now: clock.now().toISOString(),
      map: { tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution },
      pageTitle: title,
      header: { title, backTo: `/meeting/${kind}/chat` } satisfies ChatHeader,
    };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const answer = domainAnswer(language, error);
    return data(
      {
        mode: "refused" as const,
        kind,
        error: answer.error,
        pageTitle: listHeader.title,
        header: listHeader,
      },
      { status: answer.status },
    );
  }
}

const imageOf = async (form: FormData) => {
  const file = form.get("image");
  if (!file || typeof file === "string" || file.size === 0) return null;
  return { body: Buffer.from(await file.arrayBuffer()), declaredType: file.type };
};

/** A coordinate from the form: null when the page sent none, NaN when it is not a number (the service refuses). */
const coordinate = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * The room's forms: the composer (text or image; the answer is the stored message, the sender's acknowledgement),
 * read marks and message reports, and the meeting's actions, each checked by its service (the provider's controls
 * are refused to the requester there). A refusal answers its localised message with what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock, storage, addresses } = getRuntime();
  // The composer sends one image at most.
  const form = await readForm(request, uploadFormLimit(1, imageRules.postImage.maxBytes));
  const intent = formText(form, "intent") as ChatIntent;
  const code = url.searchParams.get("room") ?? formText(form, "room");
  const values: Record<string, string> = { intent };
  for (const name of [
    "text",
    "reason",
    "at",
    "placeName",
    "placeAddress",
    "latitude",
    "longitude",
    "content",
  ])
    if (form.has(name)) values[name] = formText(form, name);
  const done = (extra: object = {}) => ({ intent, ok: true as const, ...extra });
  try {
    switch (intent) {
      case "send": {
        takeChatTurn(db, clock, actor);
        const clientId = formText(form, "clientId");
        const image = await imageOf(form);
        const text = formText(form, "text");
        const message = image
          ? await sendMessage(db, clock, actor, { code, clientId, image, text }, storage)
          : await sendMessage(db, clock, actor, { code, clientId, text });
        return done({ message });
      }
      case "read": {
        const read = await markRead(db, clock, actor, code, idOrNull(formText(form, "messageId")) ?? 0);
        return done(read);
      }
      case "report": {
        const messageId = messageIdOf(formText(form, "messageId")) ?? 0;
        await reportMessage(db, clock, actor, messageId, formText(form, "reason"));
        return done({ messageId, notice: translate(language, "chat.done.report") });
      }
    }
    const meetingId = await meetingIdOfRoom(db, actor, code);
    switch (intent) {
      case "setAppointment":
        await setAppointment(
          db,
          clock,
          actor,
          meetingId,
          parseSeoulInput(values.at ?? "") ?? new Date(Number.NaN),
        );
        break;
      case "setPlace":
        await setPlace(
          db,
          clock,
          actor,
          meetingId,
          {
            name: values.placeName ?? "",
            address: values.placeAddress ?? "",
            latitude: coordinate(values.latitude ?? ""),
            longitude: coordinate(values.longitude ?? ""),
          },
          addresses,
        );
        break;
      case "reserve":
        await reserveMeeting(db, clock, actor, meetingId);
        break;
      case "cancel":
        await cancelMeeting(db, clock, actor, meetingId, values.reason ?? "");
        break;
      case "end":
        await endMeeting(db, clock, actor, meetingId);
        break;
      case "reportNoShow":
        await reportNoShow(db, clock, actor, meetingId, values.content ?? "");
        break;
      default:
        throw new DomainError("request", "invalid_query");
    }
    return done({ notice: translate(language, `chat.done.${intent}`) });
  } catch (error) {
    return domainFailure(language, error, values);
  }
}

/** A sent message, a read mark or a report changes nothing else on the page: its answer is enough. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "send" || intent === "read" || intent === "report") return false;
  return defaultShouldRevalidate;
}

export default function MeetingChat({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "list") return <ConversationList data={loaderData} />;
  if (loaderData.mode === "refused")
    return <RoomRefused error={loaderData.error} backTo={loaderData.header.backTo} />;
  return <ChatRoom key={loaderData.room.code} data={loaderData} />;
}
