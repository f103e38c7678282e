import List from "lucide-react/icons/list";
import LocateFixed from "lucide-react/icons/locate-fixed";
import MapIcon from "lucide-react/icons/map";
import { lazy, Suspense, useEffect } from "react";
import { data, Form, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/search";
import {
  ExpertCard,
  requestPath,
  type CodeLabels,
  type ExpertCardData,
} from "#app/components/meeting/ExpertCard";
import type { ExpertPin } from "#app/components/meeting/map/expert-markers";
import { InspectionFinderBanner } from "#app/components/inspection/InspectionRequest";
import { FormAlert } from "#app/components/ui/fields";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { isDomainError } from "#app/services/errors";
import { inspectionTarget } from "#app/services/inspection/inspections.server";
import {
  findExperts,
  ownerModels,
  radiusOfOption,
  viewerOrigin,
  type FinderFilter,
  type Origin,
} from "#app/services/meetings/finder/finder.server";
import {
  DEFAULT_RADIUS_OPTION,
  isMeetingKind,
  RADIUS_OPTIONS_KM,
} from "#app/services/meetings/finder/finder-options";
import { shownPositionKey } from "#app/services/meetings/finder/shown-position.server";
import { reputationScores } from "#app/services/reputation/reputation.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { requireViewer } from "#app/shell/auth.server";
import { answerOf } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { notifyError } from "#app/shell/toasts";
import { idOrNull, notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "finder.title" };

// The map and its libraries load only when a reader asks for the map, never with the list.
const ExpertMap = lazy(() => import("#app/components/meeting/map/ExpertMap"));

/** The filter each kind offers, by its query parameter and reference table. */
const filterOf = {
  owner: { param: "model", labelKey: "finder.search.model" },
  repair: { param: "code", labelKey: "finder.search.repairSkill", table: "repairSkill" },
  rescue: { param: "code", labelKey: "finder.search.rescueSkill", table: "rescueSkill" },
  pickup: { param: "code", labelKey: "finder.search.pickupItem", table: "pickupItem" },
  coaching: null,
} as const;

const coordinate = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/**
 * /meeting/{kind}/search: experts of the kind nearest the reader's position (the one the page sent, else the main
 * area, else the default), within a radius option, filtered by the kind's field; a list and a map.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  if (!isMeetingKind(params.kind)) notFound();
  const kind = params.kind;
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  const search = url.searchParams;
  const language = languageFromPath(url.pathname);
  const { db, clock, config } = getRuntime();
  const filterSpec = filterOf[kind];
  const values = {
    lat: search.get("lat") ?? "",
    lng: search.get("lng") ?? "",
    r: search.get("r") ?? String(DEFAULT_RADIUS_OPTION),
    filter: (filterSpec && search.get(filterSpec.param)) ?? "",
    page: search.get("page") ?? "1",
  };
  const view: "list" | "map" = search.get("view") === "map" ? "map" : "list";
  const filterOptions: { value: string; ko: string; en: string }[] = !filterSpec
    ? []
    : "table" in filterSpec
      ? (await listFilterTable(db, filterSpec.table)).map((item) => ({ value: item.code, ...item.label }))
      : (await ownerModels(db)).map((model) => ({ value: String(model.id), ko: model.ko, en: model.en }));
  const codeLabels: CodeLabels =
    filterSpec && "table" in filterSpec
      ? Object.fromEntries(filterOptions.map((option) => [option.value, { ko: option.ko, en: option.en }]))
      : {};

  let origin: Origin | null = null;
  let error: { code: string; message: string } | null = null;
  let result = { experts: [] as ExpertCardData[], page: 1, hasNext: false };
  try {
    const sent =
      values.lat || values.lng ? { lat: coordinate(values.lat), lng: coordinate(values.lng) } : null;
    origin = await viewerOrigin(db, actor, sent);
    const radiusKm = radiusOfOption(Number(values.r));
    let filter: FinderFilter | null = null;
    if (values.filter)
      filter = kind === "owner" ? { modelId: Number(values.filter) } : { code: values.filter };
    result = await findExperts(
      db,
      clock,
      actor,
      {
        kind,
        latitude: origin.lat,
        longitude: origin.lng,
        radiusKm,
        filter,
        page: Number(values.page),
      },
      shownPositionKey(config.sessionSecret),
    );
  } catch (caught) {
    if (!isDomainError(caught, "finder")) throw caught;
    error = { code: caught.code, message: translate(language, answerOf("finder", caught.code).messageKey) };
    origin ??= await viewerOrigin(db, actor);
  }
  // An inspection of a listing carried from its page: the requests made from here carry it on.
  const inspection =
    kind === "repair" ? await inspectionTarget(db, actor, idOrNull(search.get("listing"))) : null;
  // MAP_TILE_URL's server when configured, else the app's own tiles (the configuration decides).
  const tiles = { url: config.mapTileUrl, attribution: config.mapTileAttribution };
  return data(
    {
      kind,
      values,
      view,
      origin: { source: origin.source, lat: origin.lat, lng: origin.lng },
      sentPosition: origin.source === "device",
      radiusOptions: RADIUS_OPTIONS_KM.map((km, index) => ({ option: index + 1, km })),
      filter: filterSpec
        ? { param: filterSpec.param, labelKey: filterSpec.labelKey, options: filterOptions }
        : null,
      codeLabels,
      inspection,
      experts: result.experts,
      // The experts' manner temperatures, in one statement for the whole page.
      reputations: Object.fromEntries(
        await reputationScores(
          db,
          result.experts.map((card) => card.memberId),
        ),
      ),
      page: result.page,
      hasNext: result.hasNext,
      error,
      tiles,
      pageTitle: `${translate(language, `finder.kind.${kind}`)} · ${translate(language, "finder.title")}`,
    },
    { status: error ? 400 : 200 },
  );
}

const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };
/** Where the browser keeps the last position it read (the client-held user location). */
const STORED_LOCATION_KEY = "motomate.location";
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

function readStoredLocation(): { lat: number; lng: number } | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORED_LOCATION_KEY) ?? "null") as unknown;
    if (value && typeof value === "object" && "lat" in value && "lng" in value) {
      const { lat, lng } = value as { lat: unknown; lng: unknown };
      if (typeof lat === "number" && typeof lng === "number") return { lat, lng };
    }
  } catch {
    // A blocked or corrupt storage is the same as none.
  }
  return null;
}

/** The address with a position, or null when it already names that position. */
function withPosition(search: string, pathname: string, position: { lat: number; lng: number }) {
  const params = new URLSearchParams(search);
  if (Number(params.get("lat")) === position.lat && Number(params.get("lng")) === position.lng) return null;
  params.set("lat", String(position.lat));
  params.set("lng", String(position.lng));
  params.delete("page");
  return `${pathname}?${params.toString()}`;
}

/**
 * Reads the device's position (precise, 5 s, never cached) when asked, keeps it, and moves the search there only
 * when it changed; an unsupported device says so, a refusal or timeout is ignored. A kept position is used when
 * the address names none.
 */
function useDeviceLocation(hasPosition: boolean) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (hasPosition) return;
    const stored = readStoredLocation();
    const to = stored && withPosition(location.search, location.pathname, stored);
    if (to) void navigate(to, { replace: true });
    // Once per page: the stored position is read at the start only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return () => {
    if (!("geolocation" in navigator)) {
      notifyError(t("finder.search.geolocationUnsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const next = {
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        };
        try {
          window.localStorage.setItem(STORED_LOCATION_KEY, JSON.stringify(next));
        } catch {
          // Not kept: the address still carries it.
        }
        const to = withPosition(location.search, location.pathname, next);
        if (to) void navigate(to);
      },
      () => undefined,
      GEOLOCATION_OPTIONS,
    );
  };
}

const selectClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

export default function MeetingSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const hydrated = useHydrated();
  const { kind, values, view, origin, filter, experts, codeLabels, inspection } = loaderData;
  const locate = useDeviceLocation(loaderData.sentPosition);
  const base = `/meeting/${kind}/search`;
  const href = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const current: Record<string, string | null> = {
      lat: values.lat || null,
      lng: values.lng || null,
      r: values.r === String(DEFAULT_RADIUS_OPTION) ? null : values.r,
      ...(filter ? { [filter.param]: values.filter || null } : {}),
      view: view === "map" ? "map" : null,
      page: values.page === "1" ? null : values.page,
      listing: inspection ? String(inspection.id) : null,
    };
    for (const [name, value] of Object.entries({ ...current, ...changes }))
      if (value) params.set(name, value);
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };
  const pins: ExpertPin[] = experts.map((card) => ({
    id: String(card.skill.id),
    lat: card.mapPoint.lat,
    lng: card.mapPoint.lng,
    nickname: card.nickname,
    avatarUrl: card.avatarUrl,
    summary: `${card.district[language]} · ${t("finder.card.distance", { km: card.distanceKm })}`,
    detail: [
      card.feedback.score === null
        ? t("finder.card.noFeedback")
        : t("finder.card.score", { score: card.feedback.score, count: card.feedback.count }),
      card.responseRate === null
        ? t("finder.card.noResponseRate")
        : t("finder.card.responseRate", { rate: card.responseRate }),
    ].join(" · "),
    requestHref: localizePath(language, requestPath(card, inspection?.id)),
    requestLabel: t("finder.card.request"),
  }));
  const page = Number(values.page) || 1;
  const tab = "inline-flex min-h-11 items-center gap-1 rounded-lg border border-subtle px-3 text-sm";

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-bold">
          {t("finder.search.heading", { kind: t(`finder.kind.${kind}`) })}
        </h1>
        <div className="text-muted flex flex-wrap items-center gap-2 text-sm">
          <span>{t(`finder.search.origin.${origin.source}`)}</span>
          <button type="button" onClick={locate} className={tab}>
            <LocateFixed aria-hidden className="size-4" />
            {t("finder.search.useLocation")}
          </button>
        </div>
      </header>
      {inspection && <InspectionFinderBanner target={inspection} />}

      <Form
        method="get"
        action={localizePath(language, base)}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        {values.lat && <input type="hidden" name="lat" value={values.lat} />}
        {values.lng && <input type="hidden" name="lng" value={values.lng} />}
        {view === "map" && <input type="hidden" name="view" value="map" />}
        {inspection && <input type="hidden" name="listing" value={inspection.id} />}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t("finder.search.radius")}</span>
          <select name="r" defaultValue={values.r} className={selectClass}>
            {loaderData.radiusOptions.map(({ option, km }) => (
              <option key={option} value={option}>
                {t("finder.search.radiusOption", { km })}
              </option>
            ))}
          </select>
        </label>
        {filter && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{t(filter.labelKey)}</span>
            <select name={filter.param} defaultValue={values.filter} className={selectClass}>
              <option value="">{t("finder.search.any")}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option[language]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center self-end rounded-lg bg-primary px-4 font-semibold text-white"
        >
          {t("finder.search.apply")}
        </button>
      </Form>

      <nav aria-label={t("finder.search.view")} className="flex gap-2">
        <LocalLink
          to={href({ view: null, page: null })}
          aria-current={view === "list" ? "page" : undefined}
          className={`${tab} ${view === "list" ? "border-primary font-semibold" : ""}`}
        >
          <List aria-hidden className="size-4" />
          {t("finder.search.list")}
        </LocalLink>
        <LocalLink
          to={href({ view: "map" })}
          aria-current={view === "map" ? "page" : undefined}
          className={`${tab} ${view === "map" ? "border-primary font-semibold" : ""}`}
        >
          <MapIcon aria-hidden className="size-4" />
          {t("finder.search.map")}
        </LocalLink>
      </nav>

      <FormAlert error={loaderData.error ?? undefined} />

      {view === "map" &&
        (hydrated ? (
          <Suspense fallback={<MapPlaceholder />}>
            <ExpertMap
              origin={{ lat: origin.lat, lng: origin.lng }}
              pins={pins}
              tileUrl={loaderData.tiles.url}
              attribution={loaderData.tiles.attribution}
              label={t("finder.search.mapLabel")}
              originLabel={t(`finder.search.origin.${origin.source}`)}
            />
          </Suspense>
        ) : (
          <MapPlaceholder />
        ))}

      <section aria-label={t("finder.search.results")} className="flex flex-col gap-3">
        {experts.length === 0 ? (
          <p role="status" className="surface-muted rounded-lg border border-subtle p-6 text-center text-sm">
            {t("finder.search.empty")}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {experts.map((card) => (
              <li key={card.skill.id}>
                <ExpertCard
                  card={card}
                  codeLabels={codeLabels}
                  reputation={loaderData.reputations[card.memberId]}
                  listingId={inspection?.id}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {(page > 1 || loaderData.hasNext) && (
        <nav aria-label={t("finder.search.page", { page })} className="flex justify-between gap-2">
          {page > 1 ? (
            <LocalLink to={href({ page: page === 2 ? null : String(page - 1) })} rel="prev" className={tab}>
              {t("finder.search.previous")}
            </LocalLink>
          ) : (
            <span />
          )}
          {loaderData.hasNext && (
            <LocalLink to={href({ page: String(page + 1) })} rel="next" className={tab}>
              {t("finder.search.next")}
            </LocalLink>
          )}
        </nav>
      )}
    </div>
  );
}

function MapPlaceholder() {
  const t = useT();
  return (
    <div
      role="status"
      className="surface-muted flex h-[30rem] w-full items-center justify-center rounded-lg border border-subtle text-sm md:w-[40rem]"
    >
      {t("finder.search.mapLoading")}
    </div>
  );
}
