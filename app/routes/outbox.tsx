import type { Route } from "./+types/outbox";
import { Time } from "#app/components/ui/Time";
import { useT } from "#app/i18n/react";
import { listOutbox } from "#app/platform/messaging/outbox.server";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { can } from "#app/services/permissions";
import type { RouteHandle } from "#app/shell/meta";
import { notFound } from "#app/shell/input.server";

export const handle: RouteHandle = { titleKey: "auth.outbox.title" };

/** What the local adapters "sent": open in development (OUTBOX_PAGE) and to staff who manage the site. */
export async function loader({ request }: Route.LoaderArgs) {
  const { config, db } = getRuntime();
  if (!config.outboxPage && !can(actorOf(await getViewer(request)), "manage:site")) {
    notFound();
  }
  const messages = await listOutbox(db, { limit: 100 });
  return {
    messages: messages.map((message) => ({
      ...message,
      createdAt: new Date(message.createdAt).toISOString(),
    })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold">{t("auth.outbox.title")}</h1>
      <p className="text-muted">{t("auth.outbox.text")}</p>
      {loaderData.messages.length === 0 ? <p>{t("auth.outbox.empty")}</p> : null}
      <ol className="space-y-3">
        {loaderData.messages.map((message) => (
          <li
            key={message.id}
            className="rounded-lg border border-subtle p-3"
            data-recipient={message.recipient}
          >
            <p className="text-muted text-xs">
              {t(message.channel === "email" ? "auth.outbox.email" : "auth.outbox.sms")} · {message.recipient}{" "}
              · <Time at={message.createdAt} format="dateTime" />
            </p>
            {message.subject ? <p className="font-semibold">{message.subject}</p> : null}
            <pre className="mt-1 font-sans text-sm break-all whitespace-pre-wrap">{message.body}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
