import { getFormProps, type SubmissionResult } from "@conform-to/react";
import LifeBuoy from "lucide-react/icons/life-buoy";
import LoaderCircle from "lucide-react/icons/loader-circle";
import MapPin from "lucide-react/icons/map-pin";
import { Form, useNavigation } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import type { SchemaField } from "#app/components/ui/Field";
import { FormAlert } from "#app/components/ui/fields";
import { useT } from "#app/i18n/react";
import { RESCUE_SITUATION_MAX } from "#app/services/meetings/rescue/rescue.schema";
import type { FormError } from "#app/shell/auth.server";
import { useDevicePosition } from "./use-device-position";

/** Where the call goes from until the device answers: the member's main area, or the spec's default point. */
export interface RescueFallback {
  latitude: number;
  longitude: number;
  areaName: string;
  source: "mainArea" | "default";
}

/**
 * The one-tap call: what happened, and where the rider is (the device's position in hidden fields, else the
 * fallback), sent with one big button. Checked in the browser by the schema the action parses.
 */
export function RescueCallForm({
  fallback,
  lastResult,
  error,
}: {
  fallback: RescueFallback;
  lastResult?: SubmissionResult<string[]>;
  error?: FormError;
}) {
  const t = useT();
  const messages = useMessages();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  const { locating, position } = useDevicePosition();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/meetings/rescue/rescue.schema").then((schemas) => schemas.rescueCallSchema),
    { lastResult },
  );
  const situation = fields.situation as unknown as SchemaField;
  const situationErrors = messages(situation.errors);
  const locationErrors = messages([
    ...((fields.latitude as unknown as SchemaField).errors ?? []),
    ...((fields.longitude as unknown as SchemaField).errors ?? []),
  ]);
  const point = position ?? fallback;
  const district = position ? (position.areaName ?? t("rescue.call.source.device")) : fallback.areaName;
  const source = position ? "device" : fallback.source;
  const describedBy = [`${situation.id}-hint`, situationErrors.length > 0 ? situation.errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="latitude" value={point.latitude} />
      <input type="hidden" name="longitude" value={point.longitude} />
      <input type="hidden" name="areaName" value={position ? (position.areaName ?? "") : fallback.areaName} />
      <FormAlert error={error} />
      <div className="space-y-1">
        <label htmlFor={situation.id} className="block text-sm font-semibold">
          {t("rescue.call.situation")}
        </label>
        <textarea
          id={situation.id}
          name={situation.name}
          defaultValue={situation.defaultValue}
          rows={3}
          maxLength={RESCUE_SITUATION_MAX}
          placeholder={t("rescue.call.situationPlaceholder")}
          aria-invalid={situationErrors.length > 0 || undefined}
          aria-describedby={describedBy}
          className="surface block w-full rounded-lg border border-subtle px-3 py-2 aria-[invalid]:border-rose-600"
        />
        <p id={`${situation.id}-hint`} className="text-muted text-xs">
          {t("rescue.call.situationHint")}
        </p>
        {situationErrors.length > 0 ? (
          <div id={situation.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {situationErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
      </div>
      <div className="rounded-lg border border-subtle p-3 text-sm" aria-live="polite">
        <p className="font-semibold">{t("rescue.call.location")}</p>
        <p className="mt-1 flex items-center gap-1">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {locating ? (
            <span className="text-muted">{t("rescue.call.locating")}</span>
          ) : (
            <span>
              {district} <span className="text-muted">· {t(`rescue.call.source.${source}`)}</span>
            </span>
          )}
        </p>
        <p className="text-muted mt-1 text-xs">{t("rescue.call.locationPrivacy")}</p>
        {locationErrors.length > 0 ? (
          <p role="alert" className="mt-1 text-rose-700 dark:text-rose-300">
            {locationErrors[0]}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={sending}
        aria-busy={sending || undefined}
        className="flex min-h-16 w-full items-center justify-center gap-2 rounded-2xl bg-rose-700 px-4 text-lg font-extrabold text-white shadow hover:bg-rose-800 disabled:opacity-60"
      >
        {sending ? (
          <LoaderCircle aria-hidden className="size-6 animate-spin" />
        ) : (
          <LifeBuoy aria-hidden className="size-6" />
        )}
        {sending ? t("rescue.call.sending") : t("rescue.call.send")}
      </button>
    </Form>
  );
}
