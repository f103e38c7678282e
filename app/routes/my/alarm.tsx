import BellOff from "lucide-react/icons/bell-off";
import CheckCheck from "lucide-react/icons/check-check";
import Settings from "lucide-react/icons/settings";
import { useState } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/alarm";
import { AlarmIcon } from "#app/components/alarm/AlarmIcon";
import { useLiveAlarms } from "#app/components/alarm/live-alarms";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime, formatRelative } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import type { loader as rootLoader } from "#app/root";
import { alarmListSchema } from "#app/services/notifications/alarm.schema";
import { listAlarms, markAlarmRead, markAllAlarmsRead } from "#app/services/notifications/inbox.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { domainFailure } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "alarm.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const before = idOrNull(url.searchParams.get("before"));
  const { db, clock } = getRuntime();
  const page = await listAlarms(db, viewer.id, { language, before });
  const now = clock.now();
  return {
    before,
    nextCursor: page.nextCursor,
    items: page.items.map((item) => ({
      id: item.id,
      type: item.type,
      message: item.message,
      read: item.read,
      at: item.createdAt.toISOString(),
      ago: formatRelative(language, item.createdAt, now),
      exact: formatDateTime(language, item.createdAt),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(await readForm(request), alarmListSchema, language);
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  if (input.intent === "readAll") {
    await markAllAlarmsRead(db, clock, actor.id);
    return { allRead: true as const };
  }
  let link: string | null;
  try {
    ({ link } = await markAlarmRead(db, clock, actor.id, input.id));
  } catch (error) {
    return domainFailure(language, error);
  }
  // A notification without a page of its own stays on the list, now read.
  return redirect(localizePath(language, link ?? "/my/alarm"));
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function AlarmRow({ item }: { item: Item }) {
  const t = useT();
  return (
    <li>
      <Form method="post">
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="id" value={item.id} />
        <button
          type="submit"
          data-read={item.read}
          className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-[var(--surface-muted)] ${
            item.read ? "" : "surface-muted"
          }`}
        >
          <span
            className={`mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full ${
              item.read ? "border border-subtle" : "bg-primary text-white"
            }`}
          >
            <AlarmIcon type={item.type} className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className={`block break-words ${item.read ? "" : "font-semibold"}`}>{item.message}</span>
            <time dateTime={item.at} title={item.exact} className="text-muted mt-0.5 block text-xs">
              {item.ago}
            </time>
          </span>
          {item.read ? null : (
            <span className="mt-2 flex shrink-0 items-center">
              <span aria-hidden="true" className="size-2 rounded-full bg-rose-700" />
              <span className="sr-only">{t("alarm.list.unread")}</span>
            </span>
          )}
        </button>
      </Form>
    </li>
  );
}

export default function Alarms({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const result = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const live = useLiveAlarms();
  const unread = live.count ?? root?.unreadAlarms ?? 0;

  // Earlier pages fetched in place; they belong to the list they were fetched for.
  const more = useFetcher<typeof loader>();
  const [pages, setPages] = useState({ list: loaderData, fetched: [] as (typeof loaderData)[] });
  const [appended, setAppended] = useState(more.data);
  const fetched = pages.list === loaderData ? pages.fetched : [];
  if (more.data && more.data !== appended) {
    setAppended(more.data);
    setPages({ list: loaderData, fetched: [...fetched, more.data] });
  }
  const items = [...loaderData.items, ...fetched.flatMap((page) => page.items)];
  const nextCursor = fetched.length > 0 ? fetched[fetched.length - 1]!.nextCursor : loaderData.nextCursor;

  // Notifications that arrived while the page was open, offered rather than pushed into the list under the reader.
  const [seen, setSeen] = useState({ list: loaderData, arrived: live.arrived });
  if (seen.list !== loaderData) setSeen({ list: loaderData, arrived: live.arrived });
  const fresh = seen.list === loaderData ? live.arrived - seen.arrived : 0;

  const markingAll = navigation.state !== "idle" && navigation.formData?.get("intent") === "readAll";
  const error = result && "error" in result ? result.error : undefined;

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{t("alarm.title")}</h1>
        <div className="flex items-center gap-2">
          <LocalLink
            to="/setting/alarm"
            className="inline-flex min-h-10 items-center gap-1 rounded-md border border-subtle px-3 text-sm"
          >
            <Settings aria-hidden="true" className="size-4" />
            {t("alarm.list.settings")}
          </LocalLink>
          <Form method="post">
            <input type="hidden" name="intent" value="readAll" />
            <button
              type="submit"
              disabled={unread === 0 || markingAll}
              aria-busy={markingAll || undefined}
              className="inline-flex min-h-10 items-center gap-1 rounded-md bg-primary px-3 text-sm font-semibold text-white disabled:opacity-60"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              {t("alarm.list.readAll")}
            </button>
          </Form>
        </div>
      </div>

      {fresh > 0 ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-subtle px-4 py-2">
          <span className="font-semibold">{t("alarm.list.arrived", { count: fresh })}</span>
          <button
            type="button"
            onClick={() => void revalidator.revalidate()}
            className="min-h-10 rounded-md border border-subtle px-3 text-sm font-semibold"
          >
            {t("alarm.list.refresh")}
          </button>
        </div>
      ) : null}
      <FormAlert error={error} />
      {result && "allRead" in result ? <Notice>{t("alarm.list.allRead")}</Notice> : null}

      {items.length === 0 ? (
        <div className="rounded-xl border border-subtle px-4 py-10 text-center">
          <BellOff aria-hidden="true" className="text-muted mx-auto mb-3 size-8" />
          <p className="font-semibold">{t("alarm.list.empty")}</p>
          <p className="text-muted mt-1 text-sm">{t("alarm.list.emptyHint")}</p>
        </div>
      ) : (
        <ul
          aria-label={t("alarm.title")}
          className="divide-y divide-[var(--border)] overflow-hidden rounded-xl border border-subtle"
        >
          {items.map((item) => (
            <AlarmRow key={item.id} item={item} />
          ))}
        </ul>
      )}

      <div className="flex flex-wrap justify-center gap-3">
        {loaderData.before ? (
          <LocalLink to="/my/alarm" className="inline-flex min-h-10 items-center px-3 text-sm underline">
            {t("alarm.list.newest")}
          </LocalLink>
        ) : null}
        {nextCursor ? (
          <Link
            to={`${location.pathname}?before=${nextCursor}`}
            aria-busy={more.state === "loading" || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (more.state === "idle") more.load(`${location.pathname}?before=${nextCursor}`);
            }}
            className="inline-flex min-h-10 items-center rounded-md border border-subtle px-4 text-sm font-semibold"
          >
            {more.state === "loading" ? t("alarm.list.loading") : t("alarm.list.loadMore")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
