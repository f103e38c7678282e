import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import MessageCircle from "lucide-react/icons/message-circle";
import XCircle from "lucide-react/icons/circle-x";
import { Form } from "react-router";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton, dialogButtonClass } from "#app/components/ui/Dialog";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useT } from "#app/i18n/react";

/** The requester's latest call as the page shows it. */
export interface RescueCallView {
  id: number;
  status: "open" | "accepted" | "expired" | "withdrawn";
  situation: string;
  areaName: string | null;
  createdAt: string;
  expiresAt: string;
  reached: number;
  declined: number;
  accepted: {
    nickname: string;
    avatarUrl: string | null;
    distanceKm: number;
    chatPath: string | null;
  } | null;
  canWithdraw: boolean;
}

const icons = { open: Clock, accepted: CheckCircle2, expired: XCircle, withdrawn: XCircle } as const;

/**
 * Where the rider's call stands: waiting (how many experts it reached, until when), accepted (who, how far, the
 * chat), or closed (expired, withdrawn). Withdrawing asks first.
 */
export function RescueCallStatus({ call, now }: { call: RescueCallView; now: string }) {
  const t = useT();
  const Icon = icons[call.status];
  const tone =
    call.status === "accepted"
      ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
      : call.status === "open"
        ? "border-amber-300 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        : "border-subtle surface-muted";
  return (
    <section aria-labelledby="rescue-status" className={`space-y-3 rounded-2xl border p-4 ${tone}`}>
      <h2 id="rescue-status" className="flex items-center gap-2 text-lg font-bold">
        <Icon aria-hidden className="size-5" />
        {t("rescue.status.heading")}
      </h2>
      <div role="status" aria-live="polite" className="space-y-1">
        {call.status === "open" ? (
          <>
            <p className="font-semibold">{t("rescue.status.open", { count: call.reached })}</p>
            {call.declined > 0 ? (
              <p className="text-sm">{t("rescue.status.declined", { count: call.declined })}</p>
            ) : null}
            <p className="text-sm">{t("rescue.status.live")}</p>
          </>
        ) : null}
        {call.status === "accepted" && call.accepted ? (
          <div className="flex items-center gap-3">
            <Avatar name={call.accepted.nickname} src={call.accepted.avatarUrl} />
            <p className="font-semibold">
              {t("rescue.status.accepted", {
                nickname: call.accepted.nickname,
                distance: call.accepted.distanceKm,
              })}
            </p>
          </div>
        ) : null}
        {call.status === "expired" ? <p className="font-semibold">{t("rescue.status.expired")}</p> : null}
        {call.status === "withdrawn" ? <p className="font-semibold">{t("rescue.status.withdrawn")}</p> : null}
      </div>
      <p className="text-sm break-words">“{call.situation}”</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {call.areaName ? (
          <>
            <dt className="text-muted">{t("rescue.call.location")}</dt>
            <dd>{call.areaName}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t("rescue.status.sentAt")}</dt>
        <dd>
          <Time at={call.createdAt} now={now} />
        </dd>
        {call.status === "open" ? (
          <>
            <dt className="text-muted">{t("rescue.status.expiresAt")}</dt>
            <dd>
              <Time at={call.expiresAt} format="dateTime" />
            </dd>
          </>
        ) : null}
      </dl>
      {call.status === "accepted" && call.accepted?.chatPath ? (
        <LocalLink
          to={call.accepted.chatPath}
          className="bg-primary hover:bg-primary-strong inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white"
        >
          <MessageCircle aria-hidden className="size-5" />
          {t("rescue.status.openChat")}
        </LocalLink>
      ) : null}
      {call.canWithdraw ? (
        <Form method="post">
          <input type="hidden" name="callId" value={call.id} />
          <ConfirmButton
            name="intent"
            value="withdraw"
            className={`${dialogButtonClass} w-full border border-subtle surface`}
            confirm={{
              title: t("rescue.status.withdrawTitle"),
              description: t("rescue.status.withdrawDescription"),
              action: t("rescue.status.withdrawAction"),
              tone: "danger",
            }}
          >
            {t("rescue.status.withdraw")}
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  );
}
