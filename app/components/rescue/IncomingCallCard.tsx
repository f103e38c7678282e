import MapPin from "lucide-react/icons/map-pin";
import { Form, useNavigation } from "react-router";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton, dialogButtonClass } from "#app/components/ui/Dialog";
import { Time } from "#app/components/ui/Time";
import { useT } from "#app/i18n/react";

/** A call waiting for the expert's answer, as the page shows it: district and distance, never the point. */
export interface IncomingCallView {
  callId: number;
  nickname: string;
  avatarUrl: string | null;
  situation: string;
  areaName: string | null;
  distanceKm: number;
  createdAt: string;
  expiresAt: string;
}

/** One incoming call with its two answers: accept (opens the chat) or decline (asks first). */
export function IncomingCallCard({ call, now }: { call: IncomingCallView; now: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("callId") === String(call.callId);
  const headingId = `rescue-call-${call.callId}`;
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-subtle p-4">
      <div className="flex items-center gap-3">
        <Avatar name={call.nickname} src={call.avatarUrl} />
        <div className="min-w-0">
          <h2 id={headingId} className="font-bold">
            {t("rescue.calls.from", { nickname: call.nickname })}
          </h2>
          <p className="text-muted text-xs">
            <Time at={call.createdAt} now={now} />
          </p>
        </div>
      </div>
      <p className="break-words">{call.situation}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <MapPin aria-hidden className="size-4" />
        {call.areaName ? <span>{call.areaName}</span> : null}
        <span className="font-semibold">{t("rescue.calls.distance", { distance: call.distanceKm })}</span>
      </p>
      <p className="text-muted text-xs">
        {t("rescue.calls.expiresAt")} <Time at={call.expiresAt} format="dateTime" />
      </p>
      <Form method="post" className="grid grid-cols-[2fr_1fr] gap-2">
        <input type="hidden" name="callId" value={call.callId} />
        <button
          type="submit"
          name="intent"
          value="accept"
          disabled={busy}
          aria-busy={busy || undefined}
          className="bg-primary hover:bg-primary-strong min-h-11 rounded-lg px-3 font-semibold text-white disabled:opacity-60"
        >
          {t("rescue.calls.accept")}
        </button>
        <ConfirmButton
          name="intent"
          value="decline"
          disabled={busy}
          className={`${dialogButtonClass} border border-subtle surface min-h-11`}
          confirm={{
            title: t("rescue.calls.declineTitle"),
            description: t("rescue.calls.declineDescription"),
            action: t("rescue.calls.decline"),
            tone: "danger",
          }}
        >
          {t("rescue.calls.decline")}
        </ConfirmButton>
      </Form>
    </li>
  );
}
