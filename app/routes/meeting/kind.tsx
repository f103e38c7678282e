import CalendarCheck from "lucide-react/icons/calendar-check";
import MessagesSquare from "lucide-react/icons/messages-square";
import Search from "lucide-react/icons/search";
import Siren from "lucide-react/icons/siren";
import Star from "lucide-react/icons/star";
import Truck from "lucide-react/icons/truck";
import type { Route } from "./+types/kind";
import { LocalLink, useT } from "#app/i18n/react";
import { languageFromPath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { isMeetingKind } from "#app/services/meetings/finder/finder-options";
import { offersSkill } from "#app/services/meetings/finder/finder.server";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "finder.title" };

/** /meeting/{kind}: what the kind is, how a meeting goes, and the way into the finder (and, for rescue, the call). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  if (!isMeetingKind(params.kind)) notFound();
  const kind = params.kind;
  const language = languageFromPath(new URL(request.url).pathname);
  const rescueProvider = kind === "rescue" && (await offersSkill(getRuntime().db, actorOf(viewer), "rescue"));
  return { kind, rescueProvider, pageTitle: translate(language, `finder.kind.${kind}`) };
}

const steps = [
  { key: "find", Icon: Search },
  { key: "request", Icon: MessagesSquare },
  { key: "chat", Icon: CalendarCheck },
  { key: "meet", Icon: Star },
] as const;

export default function MeetingKind({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { kind, rescueProvider } = loaderData;
  const button =
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{t(`finder.kind.${kind}`)}</h1>
        <p>{t(`finder.intro.${kind}`)}</p>
      </header>

      {kind === "rescue" && (
        <section
          aria-labelledby="rescue-call"
          className="flex flex-col gap-2 rounded-xl border-2 border-rose-300 bg-rose-50 p-4 text-rose-950"
        >
          <LocalLink
            id="rescue-call"
            to="/meeting/rescue/call"
            className={`${button} bg-rose-700 text-white`}
          >
            <Siren aria-hidden className="size-5" />
            {t("finder.rescueCall")}
          </LocalLink>
          <p className="text-sm">{t("finder.rescueCallHint")}</p>
          {rescueProvider && (
            <LocalLink
              to="/meeting/rescue/calls"
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold underline"
            >
              <Truck aria-hidden className="size-4" />
              {t("finder.rescueCalls")}
            </LocalLink>
          )}
        </section>
      )}

      <section aria-labelledby="how" className="flex flex-col gap-3">
        <h2 id="how" className="text-lg font-semibold">
          {t("finder.howTitle")}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-2">
          {steps.map(({ key, Icon }, index) => (
            <li key={key} className="surface flex items-start gap-3 rounded-xl border border-subtle p-4">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white">
                {index + 1}
              </span>
              <span className="flex items-start gap-2">
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
                {t(`finder.steps.${key}`)}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <LocalLink to={`/meeting/${kind}/search`} className={`${button} bg-primary text-white`}>
        <Search aria-hidden className="size-5" />
        {t("finder.start")}
      </LocalLink>
    </div>
  );
}
