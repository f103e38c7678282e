import type { LucideIcon } from "lucide-react";
import Bike from "lucide-react/icons/bike";
import LifeBuoy from "lucide-react/icons/life-buoy";
import Search from "lucide-react/icons/search";
import Truck from "lucide-react/icons/truck";
import Users from "lucide-react/icons/users";
import Wrench from "lucide-react/icons/wrench";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { isLiveArea } from "#app/shell/areas";
import { languageFromPath, type MessageKey } from "#app/i18n";
import type { loader as rootLoader } from "#app/root";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { getViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { homeListings } from "#app/services/market/home.server";
import { ListingCard } from "#app/components/market/ListingCard";
import { cardRow } from "#app/routes/market/list-loader.server";
import { HotReviewsSection, PodiumSection } from "#app/components/spark/Podium";
import { homeHotReviews, homePodium } from "#app/services/sparks/podium.server";

const guards: GuardName[] = [
  "main-auth",
  "clear-article-page",
  "clear-meeting-manage-index",
  "clear-search-model",
];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "home.title" };

const meetingDetails: Record<string, { icon: LucideIcon; text: MessageKey }> = {
  owner: { icon: Users, text: "home.meetingOwner" },
  repair: { icon: Wrench, text: "home.meetingRepair" },
  coaching: { icon: Bike, text: "home.meetingCoaching" },
  rescue: { icon: LifeBuoy, text: "home.meetingRescue" },
  pickup: { icon: Truck, text: "home.meetingPickup" },
};

export async function loader({ request }: Route.LoaderArgs) {
  const { db, clock } = getRuntime();
  const language = languageFromPath(new URL(request.url).pathname);
  const meetingTypes = await listFilterTable(db, "meetingType");
  const market = await homeListings(db, actorOf(await getViewer(request)));
  // Both from memory (the job's podium table and the hot reviews, at most 30 seconds old): no statements per request.
  const [podium, hotReviews] = await Promise.all([homePodium(db), homeHotReviews(db, clock)]);
  return {
    podium,
    hotReviews,
    // Only what the cards show, in the page's language.
    meetingTypes: meetingTypes
      .filter((type) => type.code in meetingDetails)
      .map((type) => ({ code: type.code, label: type.label[language] })),
    market: { near: market.near, rows: market.rows.map(cardRow) },
    now: clock.now().toISOString(),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.session);
  return (
    <div className="space-y-10">
      <section
        aria-labelledby="home-hero"
        className="rounded-2xl bg-secondary px-6 py-10 text-white sm:px-10"
      >
        <h1 id="home-hero" className="text-2xl font-extrabold sm:text-3xl">
          {t("home.heroTitle")}
        </h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-white/90">{t("home.heroText")}</p>
        {isLiveArea("search") ? (
          // A member's search is posted so that it is remembered; a visitor's goes to sign-in with the query.
          <form
            method={signedIn ? "post" : "get"}
            action={language === "en" ? "/en/search/result" : "/search/result"}
            role="search"
            className="mt-6 flex max-w-xl gap-2"
          >
            <label htmlFor="home-search" className="sr-only">
              {t("home.searchTitle")}
            </label>
            <input
              id="home-search"
              name="q"
              type="search"
              placeholder={t("home.searchPlaceholder")}
              className="min-h-11 min-w-0 flex-1 rounded-full bg-white px-4 text-slate-900"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center gap-1 rounded-full bg-white px-4 font-semibold text-secondary"
            >
              <Search className="size-4" aria-hidden="true" />
              {t("home.searchButton")}
            </button>
          </form>
        ) : null}
      </section>

      <section aria-labelledby="home-meetings">
        <h2 id="home-meetings" className="text-xl font-bold">
          {t("home.meetingsTitle")}
        </h2>
        <p className="text-muted mt-1">{t("home.meetingsText")}</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {loaderData.meetingTypes.map((type) => {
            const detail = meetingDetails[type.code]!;
            const Icon = detail.icon;
            const body = (
              <>
                <Icon className="size-6 text-primary dark:text-[var(--link)]" aria-hidden="true" />
                <span className="mt-2 block font-bold">{type.label}</span>
                <span className="text-muted mt-1 block text-sm leading-relaxed">{t(detail.text)}</span>
                {isLiveArea("meeting") ? null : (
                  <span className="text-muted mt-2 inline-block rounded border border-subtle px-1.5 text-xs">
                    {t("nav.comingSoon")}
                  </span>
                )}
              </>
            );
            return (
              <li key={type.code} className="surface-muted rounded-xl border border-subtle p-4">
                {isLiveArea("meeting") ? <LocalLink to={`/meeting/${type.code}`}>{body}</LocalLink> : body}
              </li>
            );
          })}
        </ul>
      </section>

      <PodiumSection places={loaderData.podium} />

      <HotReviewsSection reviews={loaderData.hotReviews} />

      <section aria-labelledby="home-market" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="home-market" className="text-xl font-bold">
            {t(loaderData.market.near ? "market.list.latestNear" : "market.list.latestAll")}
          </h2>
          <LocalLink to="/market/total" className="text-link text-sm font-semibold hover:underline">
            {t("market.list.seeAll")}
          </LocalLink>
        </div>
        {loaderData.market.rows.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm">
            {t("market.list.empty")}
          </p>
        ) : (
          <ul className="grid rounded-xl border border-subtle px-4 sm:grid-cols-2 sm:gap-x-6">
            {loaderData.market.rows.map((row) => (
              <ListingCard key={row.id} row={row} now={loaderData.now} showKind />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
