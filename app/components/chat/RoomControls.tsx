import MapPin from "lucide-react/icons/map-pin";
import Plus from "lucide-react/icons/plus";
import { useId, useRef, useState } from "react";
import { useActionData } from "react-router";
import { MapView } from "#app/components/map/MapView";
import { ConfirmButton, Dialog } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { formatDateTime } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import { toSeoulInput } from "#app/platform/seoul-calendar";
import { CANCEL_REASON_TEXT_MAX } from "#app/services/meetings/chat/chat.schema";
import type { ChatRoomView } from "#app/services/meetings/chat/read.server";
import { NO_SHOW_CONTENT_MAX, noShowOpensAt } from "#app/services/meetings/conduct/conduct.schema";
import type { MeetingAction } from "#app/services/meetings/meeting/meeting-actions";
import { REQUEST_ADDRESS_MAX, REQUEST_PLACE_MAX } from "#app/services/meetings/meeting/request.schema";
import type { PaymentAction } from "#app/services/payments/payment-rules";
import {
  ActionForm,
  dangerButton as danger,
  inputClass,
  primaryButton as primary,
  Section,
  useAnswer,
  type ActionAnswer,
} from "./control-parts";
import { PaymentRequestControls, providerPaymentActions } from "./PaymentControls";

interface AddressResult {
  label: string;
  lat: number;
  lng: number;
}

/** Where the place is: its address and point, once picked from the search (or kept from before). */
interface PickedPoint {
  address: string;
  lat: number;
  lng: number;
}

function pickedOf(values: Record<string, string>, place: ChatRoomView["place"]): PickedPoint | null {
  if (values.latitude !== undefined) {
    const lat = Number(values.latitude);
    const lng = Number(values.longitude);
    return values.latitude !== "" && Number.isFinite(lat) && Number.isFinite(lng)
      ? { address: values.placeAddress ?? "", lat, lng }
      : null;
  }
  return place ? { address: place.address, lat: place.latitude, lng: place.longitude } : null;
}

/**
 * The meeting place: its name, and its address searched through the address service; the pick shows as its
 * address on a map. The point travels in hidden fields. Without JavaScript the typed address is placed by the server.
 */
function PlaceForm({ room, actionPath, map }: { room: ChatRoomView; actionPath: string; map: MapSettings }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const { error, values } = useAnswer("setPlace");
  const [address, setAddress] = useState(values.placeAddress ?? room.place?.address ?? "");
  const [picked, setPicked] = useState<PickedPoint | null>(() => pickedOf(values, room.place));
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<AddressResult[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  async function search() {
    setSearchError(null);
    const response = await fetch(`/api/address?q=${encodeURIComponent(query)}&lang=${language}`);
    const body = (await response.json()) as { items?: AddressResult[]; error?: { message: string } };
    if (!response.ok) {
      setResults([]);
      setSearchError(body.error?.message ?? t("chat.controls.noResults"));
      return;
    }
    setResults(body.items ?? []);
  }

  return (
    <ActionForm intent="setPlace" actionPath={actionPath}>
      <label htmlFor={`${id}-name`} className="block text-sm">
        {t("chat.controls.placeName")}
      </label>
      <input
        id={`${id}-name`}
        name="placeName"
        required
        maxLength={REQUEST_PLACE_MAX}
        defaultValue={values.placeName ?? room.place?.name ?? ""}
        className={inputClass}
      />
      <div className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t("chat.controls.addressSearch")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          placeholder={t("chat.controls.addressPlaceholder")}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void search();
            }
          }}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <button
          type="button"
          onClick={() => void search()}
          className="min-h-11 rounded-lg border border-subtle px-3"
        >
          {t("chat.controls.search")}
        </button>
      </div>
      {searchError ? (
        <p role="alert" className="text-sm text-rose-700">
          {searchError}
        </p>
      ) : null}
      {results && results.length === 0 && !searchError ? (
        <p className="text-muted text-sm">{t("chat.controls.noResults")}</p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="rounded-lg border border-subtle" aria-label={t("chat.controls.addressResults")}>
          {results.map((result) => (
            <li key={`${result.label}-${result.lat}-${result.lng}`}>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-[var(--surface-muted)]"
                onClick={() => {
                  setAddress(result.label);
                  setPicked({ address: result.label, lat: result.lat, lng: result.lng });
                  setResults(null);
                }}
              >
                {result.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-address`} className="block text-sm">
        {t("chat.controls.placeAddress")}
      </label>
      <input
        id={`${id}-address`}
        name="placeAddress"
        required
        maxLength={REQUEST_ADDRESS_MAX}
        value={address}
        aria-describedby={`${id}-address-hint`}
        onChange={(event) => {
          setAddress(event.target.value);
          // A changed address is no longer where the picked point is: the server places the new one.
          if (picked && event.target.value !== picked.address) setPicked(null);
        }}
        className={inputClass}
      />
      <p id={`${id}-address-hint`} className="text-muted text-xs">
        {t("chat.controls.placeAddressHint")}
      </p>
      {picked ? (
        <figure className="space-y-2">
          <input type="hidden" name="latitude" value={picked.lat} />
          <input type="hidden" name="longitude" value={picked.lng} />
          <MapView
            center={{ lat: picked.lat, lng: picked.lng }}
            markers={[{ lat: picked.lat, lng: picked.lng, title: picked.address }]}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
            label={t("chat.controls.mapLabel", { address: picked.address })}
            className="h-40 md:h-56"
          />
          <figcaption className="flex items-center gap-1 text-sm" data-testid="picked-place">
            <MapPin aria-hidden className="size-4 shrink-0 text-primary" />
            {t("chat.controls.picked", { address: picked.address })}
          </figcaption>
        </figure>
      ) : null}
      <FormAlert error={error} />
      <button type="submit" className={primary}>
        {t("chat.controls.setPlace")}
      </button>
    </ActionForm>
  );
}

/** The cancellation, with its reason; a paid meeting's confirmation says the payment comes back in full. */
function CancelForm({ actionPath, paid }: { actionPath: string; paid: boolean }) {
  const t = useT();
  const id = useId();
  const { error, values } = useAnswer("cancel");
  return (
    <ActionForm intent="cancel" actionPath={actionPath}>
      <label htmlFor={id} className="block text-sm">
        {t("chat.controls.cancelReason")}
      </label>
      <textarea
        id={id}
        name="reason"
        required
        rows={2}
        maxLength={CANCEL_REASON_TEXT_MAX}
        defaultValue={values.reason ?? ""}
        className={inputClass}
      />
      <FormAlert error={error} />
      <ConfirmButton
        className={danger}
        confirm={{
          title: t("chat.controls.cancelConfirm"),
          description: paid ? t("chat.controls.cancelRefund") : undefined,
          action: t("chat.controls.cancel"),
          tone: "danger",
        }}
      >
        {t("chat.controls.cancel")}
      </ConfirmButton>
    </ActionForm>
  );
}

/**
 * Whether a side sees the no-show report: once the meeting is reserved with an appointment. Its button stays
 * disabled until the resolver gives the report (15 minutes after the appointment).
 */
function noShowShown(room: ChatRoomView) {
  return room.actions.includes("reportNoShow") || (room.status === "reserved" && room.appointmentAt !== null);
}

/** The no-show report of either side: the content and the button, which wakes 15 minutes after the appointment. */
function NoShowForm({ room, actionPath, now }: { room: ChatRoomView; actionPath: string; now: string }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const { error, values } = useAnswer("reportNoShow");
  const noShowAt = room.appointmentAt ? noShowOpensAt(room.appointmentAt) : null;
  const open =
    room.actions.includes("reportNoShow") &&
    noShowAt !== null &&
    noShowAt.getTime() <= new Date(now).getTime();
  return (
    <ActionForm intent="reportNoShow" actionPath={actionPath}>
      {open || !noShowAt ? null : (
        <p className="text-muted text-xs">
          {t("chat.controls.noShowWait", { at: formatDateTime(language, noShowAt) })}
        </p>
      )}
      <label htmlFor={id} className="block text-sm">
        {t("chat.controls.noShowContent")}
      </label>
      <textarea
        id={id}
        name="content"
        required
        rows={3}
        maxLength={NO_SHOW_CONTENT_MAX}
        disabled={!open}
        defaultValue={values.content ?? ""}
        className={inputClass}
      />
      <p className="text-muted text-xs">{t("chat.controls.hint", { max: NO_SHOW_CONTENT_MAX })}</p>
      <FormAlert error={error} />
      <ConfirmButton
        className={danger}
        disabled={!open}
        confirm={{
          title: t("chat.controls.noShowConfirm"),
          action: t("chat.controls.noShow"),
          tone: "danger",
        }}
      >
        {t("chat.controls.noShow")}
      </ConfirmButton>
    </ActionForm>
  );
}

export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** The meeting's controls the viewer has now, as sections: exactly what the resolver gives their role. */
function ControlSections({
  room,
  actionPath,
  now,
  map,
}: {
  room: ChatRoomView;
  actionPath: string;
  now: string;
  map: MapSettings;
}) {
  const t = useT();
  const has = (action: MeetingAction) => room.actions.includes(action);
  const appointment = useAnswer("setAppointment");
  const reserve = useAnswer("reserve");
  const end = useAnswer("end");
  const id = useId();
  return (
    <div className="space-y-3">
      {has("setAppointment") ? (
        <Section title={t("chat.controls.appointment")}>
          <ActionForm intent="setAppointment" actionPath={actionPath}>
            <label htmlFor={`${id}-at`} className="sr-only">
              {t("chat.controls.appointment")}
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              name="at"
              required
              aria-describedby={`${id}-at-hint`}
              defaultValue={
                appointment.values.at ?? (room.appointmentAt ? toSeoulInput(room.appointmentAt) : "")
              }
              className={inputClass}
            />
            <p id={`${id}-at-hint`} className="text-muted text-xs">
              {t("chat.controls.appointmentHint")}
            </p>
            <FormAlert error={appointment.error} />
            <button type="submit" className={primary}>
              {t("chat.controls.setAppointment")}
            </button>
          </ActionForm>
        </Section>
      ) : null}
      {has("setPlace") ? (
        <Section title={t("chat.controls.place")}>
          <PlaceForm room={room} actionPath={actionPath} map={map} />
        </Section>
      ) : null}
      {room.payment.actions.some((action) => providerPaymentActions.has(action)) ? (
        <Section title={t("payment.request.title")}>
          <PaymentRequestControls room={room} actionPath={actionPath} />
        </Section>
      ) : null}
      {has("reserve") ? (
        <Section title={t("chat.controls.reserve")}>
          <ActionForm intent="reserve" actionPath={actionPath}>
            <FormAlert error={reserve.error} />
            <ConfirmButton
              className={primary}
              confirm={{ title: t("chat.controls.reserveConfirm"), action: t("chat.controls.reserve") }}
            >
              {t("chat.controls.reserve")}
            </ConfirmButton>
          </ActionForm>
        </Section>
      ) : null}
      {has("end") ? (
        <Section title={t("chat.controls.end")}>
          <ActionForm intent="end" actionPath={actionPath}>
            <FormAlert error={end.error} />
            <ConfirmButton
              className={primary}
              confirm={{ title: t("chat.controls.endConfirm"), action: t("chat.controls.end") }}
            >
              {t("chat.controls.end")}
            </ConfirmButton>
          </ActionForm>
        </Section>
      ) : null}
      {noShowShown(room) ? (
        <Section title={t("chat.controls.noShow")}>
          <NoShowForm room={room} actionPath={actionPath} now={now} />
        </Section>
      ) : null}
      {has("cancel") ? (
        <Section title={t("chat.controls.cancel")}>
          <CancelForm actionPath={actionPath} paid={room.payment.status === "paid"} />
        </Section>
      ) : null}
    </div>
  );
}

/**
 * Whether the viewer has any of the meeting's controls now (the provider's arranging and payment request, or either
 * side's cancel). The requester's payment has its own panel in the room.
 */
export function hasRoomControls(room: ChatRoomView): boolean {
  return (
    room.role !== "admin" &&
    (room.actions.length > 0 ||
      room.payment.actions.some((action) => providerPaymentActions.has(action)) ||
      noShowShown(room))
  );
}

/** The intents of the meeting's controls (the composer, read marks, reports and paying answer elsewhere). */
const controlIntents: ReadonlySet<string> = new Set<MeetingAction | PaymentAction>([
  "setAppointment",
  "setPlace",
  "reserve",
  "cancel",
  "end",
  "reportNoShow",
  ...providerPaymentActions,
]);

interface RoomControlsProps {
  room: ChatRoomView;
  actionPath: string;
  now: string;
  map: MapSettings;
}

/**
 * The meeting's controls without JavaScript (and until the page's scripts run): one disclosure above the composer,
 * opened again by a refusal so its message and what was typed show.
 */
export function PlainRoomControls(props: RoomControlsProps) {
  const t = useT();
  const answer = useActionData<ActionAnswer>();
  const refused = Boolean(answer?.error && controlIntents.has(answer.values?.intent ?? ""));
  return (
    <details className="surface border-t border-subtle" open={refused || undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold">
        <Plus aria-hidden className="size-5" />
        {t("chat.controls.open")}
      </summary>
      <div className="max-h-[60vh] overflow-y-auto px-4 pb-4">
        <ControlSections {...props} />
      </div>
    </details>
  );
}

/**
 * The plus button of the composer: the meeting's controls in a sheet, out of the conversation's way. A control's
 * refusal keeps the sheet open with its message; a control done closes it (its notice shows above the messages).
 */
export function RoomControlsButton(props: RoomControlsProps) {
  const t = useT();
  const answer = useActionData<ActionAnswer>();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    const intent = answer?.values?.intent ?? answer?.intent;
    if (intent && controlIntents.has(intent)) setOpen(Boolean(answer?.error));
  }
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-subtle"
      >
        <Plus aria-hidden className="size-5" />
        <span className="sr-only">{t("chat.controls.open")}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("chat.controls.title")} returnFocus={button} sheet>
        <ControlSections {...props} />
      </Dialog>
    </>
  );
}
