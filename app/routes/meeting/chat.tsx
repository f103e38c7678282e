import { randomUUID } from "node:crypto";
import { data, redirect, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/chat";
import { ChatRoom, RoomRefused } from "#app/components/chat/ChatRoom";
import { ConversationList } from "#app/components/chat/ConversationList";
import { ChatInspectionBar } from "#app/components/inspection/ChatInspectionBar";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { memberScore } from "#app/services/reputation/reputation.server";
import { actorOf, type Actor } from "#app/services/actor";
import { isDomainError } from "#app/services/errors";
import { meetingInspection } from "#app/services/inspection/inspections.server";
import { listConversations, loadRoom, markRead, readHistory } from "#app/services/meetings/chat/read.server";
import { meetingIdOfRoom } from "#app/services/meetings/chat/room.server";
import { reportMessage } from "#app/services/meetings/chat/reports.server";
import { sendMessage } from "#app/services/meetings/chat/send.server";
import { takeChatTurn } from "#app/services/meetings/chat/chat-pace.server";
import { chatFormSchema } from "#app/services/meetings/chat/chat.schema";
import { isMeetingKind } from "#app/services/meetings/finder/finder-options";
import {
  cancelMeeting,
  endMeeting,
  reserveMeeting,
  setAppointment,
  setPlace,
} from "#app/services/meetings/meeting/meetings.server";
import { reportNoShow } from "#app/services/meetings/conduct/no-shows.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { openCheckout } from "#app/services/payments/orders.server";
import { PAY_FAIL_PATH, PAY_SUCCESS_PATH } from "#app/services/payments/paths";
import {
  editPaymentRequest,
  requestPayment,
  withdrawPaymentRequest,
} from "#app/services/payments/request.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { parseIntentSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { notFound, readForm, uploadFormLimit } from "#app/shell/input.server";
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

/** The slim header the chat layout shows: where "back" goes, the title, and the other side's manner temperature. */
export interface ChatHeader {
  title: string;
  backTo: string;
  reputation?: { memberId: string; score: number };
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
      inspection: await meetingInspection(db, actor, room.id),
      viewerId: viewer.id,
      // The form's message id when the page is used without JavaScript; the browser makes its own otherwise.
      clientId: randomUUID(),
      now: clock.now().toISOString(),
      map: { tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution },
      pageTitle: title,
      header: {
        title,
        backTo: `/meeting/${kind}/chat`,
        ...(room.role === "admin"
          ? {}
          : { reputation: { memberId: other.id, score: await memberScore(db, other.id) } }),
      } satisfies ChatHeader,
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

/** The fields a refusal gives back as they were typed, so that nothing is lost. */
const echoedFields = new Set([
  "intent",
  "text",
  "reason",
  "at",
  "placeName",
  "placeAddress",
  "latitude",
  "longitude",
  "content",
  "amount",
  "memo",
  "freeInspection",
  "memberCouponId",
]);

/**
 * The room's forms: the composer (text or image; the answer is the stored message, the sender's acknowledgement),
 * read marks and message reports, the meeting's actions and its payment's, each checked by its service (the
 * provider's controls are refused to the requester there). The form is parsed once by its union on `intent`; a
 * refusal answers its localised message with what was typed. Paying opens the gateway's window: the local gateway's
 * page by a redirect, Toss's by the answer's `checkout` (the page loads its script); a coupon that paid all of it
 * leaves nothing to open.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock, storage, addresses, payments } = getRuntime();
  // The composer sends one image at most.
  const form = await readForm(request, uploadFormLimit(1, imageRules.postImage.maxBytes));
  const { refusal, submission } = parseIntentSubmission(form, chatFormSchema, language);
  if (refusal) return refusal;
  const values = typedTexts(submission, echoedFields);
  if (submission.status !== "success") return refusedForm(language, submission, values);
  const input = submission.value;
  const code = url.searchParams.get("room") ?? input.room;
  const done = (extra: object = {}) => ({ intent: input.intent, ok: true as const, ...extra });
  try {
    switch (input.intent) {
      case "send": {
        takeChatTurn(db, clock, actor);
        const { clientId, text, image } = input;
        const message =
          image && image.size > 0
            ? await sendMessage(
                db,
                clock,
                actor,
                {
                  code,
                  clientId,
                  image: { body: Buffer.from(await image.arrayBuffer()), declaredType: image.type },
                  text,
                },
                storage,
              )
            : await sendMessage(db, clock, actor, { code, clientId, text });
        return done({ message });
      }
      case "read":
        return done(await markRead(db, clock, actor, code, input.messageId));
      case "report":
        await reportMessage(db, clock, actor, input.messageId, input.reason);
        return done({ messageId: input.messageId, notice: translate(language, "chat.done.report") });
    }
    const meetingId = await meetingIdOfRoom(db, actor, code);
    switch (input.intent) {
      case "setAppointment":
        await setAppointment(db, clock, actor, meetingId, input.at);
        break;
      case "setPlace":
        await setPlace(
          db,
          clock,
          actor,
          meetingId,
          {
            name: input.placeName,
            address: input.placeAddress,
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
          },
          addresses,
        );
        break;
      case "reserve":
        await reserveMeeting(db, clock, actor, meetingId);
        break;
      case "cancel":
        await cancelMeeting(db, clock, actor, meetingId, input.reason);
        break;
      case "end":
        await endMeeting(db, clock, actor, meetingId);
        break;
      case "reportNoShow":
        await reportNoShow(db, clock, actor, meetingId, input.content);
        break;
      case "requestPayment":
      case "editPayment": {
        // The schema lets the amount be empty only for a free inspection: 0 won.
        const asked = { amount: input.amount ?? 0, memo: input.memo, freeInspection: input.freeInspection };
        if (input.intent === "requestPayment") await requestPayment(db, clock, actor, meetingId, asked);
        else await editPaymentRequest(db, clock, actor, meetingId, asked);
        break;
      }
      case "withdrawPayment":
        await withdrawPaymentRequest(db, clock, actor, meetingId);
        break;
      case "pay": {
        const opened = await openCheckout(db, clock, payments, actor, meetingId, {
          memberCouponId: input.memberCouponId ?? null,
          successUrl: localizePath(language, PAY_SUCCESS_PATH),
          failUrl: localizePath(language, PAY_FAIL_PATH),
        });
        if (opened.kind === "paid") break;
        // The gateway's window is a document of its own, as a real gateway's on its own site is. Opened within this
        // page's router instead, the window's route is looked up while the room's read mark may still be on its way,
        // and React Router then ends the navigation at the window's address with the room still on screen.
        if (opened.checkout.kind === "redirect") return redirectDocument(opened.checkout.url);
        return done({ checkout: opened.checkout });
      }
    }
    return done({ notice: translate(language, `chat.done.${input.intent}`) });
  } catch (error) {
    return domainFailure(language, error, values);
  }
}

/** A sent message, a read mark or a report changes nothing else on the page: its answer is enough. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The page's own submission, in the browser: which button it was decides whether the page loads again.
  // eslint-disable-next-line no-restricted-syntax -- not an action's read of a form
  const intent = formData?.get("intent");
  if (intent === "send" || intent === "read" || intent === "report") return false;
  return defaultShouldRevalidate;
}

export default function MeetingChat({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "list") return <ConversationList data={loaderData} />;
  if (loaderData.mode === "refused")
    return <RoomRefused error={loaderData.error} backTo={loaderData.header.backTo} />;
  return (
    <>
      {loaderData.inspection ? <ChatInspectionBar inspection={loaderData.inspection} /> : null}
      <ChatRoom key={loaderData.room.code} data={loaderData} />
    </>
  );
}
