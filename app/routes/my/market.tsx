import Trash2 from "lucide-react/icons/trash";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/market";
import { DistrictSelect } from "#app/components/market/DistrictSelect";
import { PriceText, StatusBadge } from "#app/components/market/ListingBits";
import { KeywordFitOption, KeywordFitTag } from "#app/components/partsFit/KeywordFitOption";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { districtGroups, districtNames, memberTradeAreas } from "#app/services/market/areas.server";
import { deleteKeyword, listKeywords, saveKeyword } from "#app/services/market/keywords.server";
import { KEYWORD_LIMIT, KEYWORD_MAX, listingPath, marketKinds } from "#app/services/market/kinds";
import { keywordFormSchema } from "#app/services/market/keywords.schema";
import { listMyListings } from "#app/services/market/my-market.server";
import { listMyOffers } from "#app/services/market/offers.server";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { parseIntentSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "marketMine.title" };

const tabs = ["listings", "offers", "keywords"] as const;
type Tab = (typeof tabs)[number];

/** /my/market: my listings (open or closed) with their offers waiting, offers sent and received, keyword alerts. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const search = new URL(request.url).searchParams;
  const { db, clock } = getRuntime();
  const requested = search.get("tab");
  const tab: Tab = (tabs as readonly (string | null)[]).includes(requested) ? (requested as Tab) : "listings";
  const cursor = search.get("cursor");
  const base = { tab, now: clock.now().toISOString(), paged: Boolean(cursor) };
  if (tab === "offers") {
    const direction = search.get("direction") === "sent" ? "sent" : "received";
    return { ...base, direction, offers: await listMyOffers(db, actor, direction, cursor) } as const;
  }
  if (tab === "keywords") {
    const keywords = await listKeywords(db, actor);
    return {
      ...base,
      keywords: keywords.map((keyword) => ({ ...keyword, area: districtNames(keyword.areaCode) })),
      areas: (await memberTradeAreas(db, actor.id)).map((area) => ({ code: area.code, names: area.names })),
      districts: districtGroups(),
    } as const;
  }
  const status = search.get("status") === "closed" ? "closed" : "open";
  return { ...base, status, listings: await listMyListings(db, actor, { status, cursor }) } as const;
}

/** Saves or deletes a keyword alert of the signed-in member. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(await readForm(request), keywordFormSchema, language);
  if (refusal) return refusal;
  const values = typedTexts(submission, typedFields);
  if (submission.status !== "success") return refusedForm(language, submission, values);
  const input = submission.value;
  try {
    if (input.intent === "saveKeyword") {
      await saveKeyword(db, clock, actor, {
        keyword: input.keyword,
        kind: input.kind ?? null,
        areaCode: input.areaCode ?? null,
        onlyFitting: input.onlyFitting,
      });
      return { done: "saved" as const };
    }
    await deleteKeyword(db, clock, actor, input.id);
    return { done: "deleted" as const };
  } catch (error) {
    return domainFailure(language, error, values);
  }
}

const typedFields = new Set(["keyword", "kind", "areaCode", "onlyFitting"]);

const tabClass = (active: boolean) =>
  `inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${active ? "border-primary text-primary dark:text-[var(--link)]" : "text-muted border-transparent"}`;
const chip = "inline-flex min-h-9 items-center rounded-full border border-subtle px-3 text-sm";
const activeChip = "border-primary bg-primary font-semibold text-white";
const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

export default function MyMarket({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("marketMine.title")}</h1>
      <nav aria-label={t("marketMine.tabs")} className="border-b border-subtle">
        <ul className="-mb-px flex overflow-x-auto">
          {tabs.map((name) => (
            <li key={name} className="shrink-0">
              <LocalLink
                to={name === "listings" ? "/my/market" : `/my/market?tab=${name}`}
                aria-current={name === loaderData.tab ? "page" : undefined}
                className={tabClass(name === loaderData.tab)}
              >
                {t(`marketMine.${name}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      {"listings" in loaderData ? <MyListings data={loaderData} /> : null}
      {"offers" in loaderData ? <MyOffers data={loaderData} /> : null}
      {"keywords" in loaderData ? <MyKeywords data={loaderData} /> : null}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function Switch({ options }: { options: { to: string; label: string; active: boolean }[] }) {
  return (
    <ul className="flex gap-2">
      {options.map((option) => (
        <li key={option.to}>
          <LocalLink
            to={option.to}
            aria-current={option.active ? "true" : undefined}
            className={`${chip} ${option.active ? activeChip : ""}`}
          >
            {option.label}
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}

function More({ to }: { to: string | null }) {
  const t = useT();
  if (!to) return null;
  return (
    <nav aria-label={t("board.list.pages")} className="flex justify-center">
      <LocalLink to={to} rel="next" className={`${chip} font-semibold`}>
        {t("marketMine.more")}
      </LocalLink>
    </nav>
  );
}

function MyListings({ data }: { data: Extract<LoaderData, { listings: unknown }> }) {
  const t = useT();
  const { listings, status, now } = data;
  return (
    <div className="space-y-3">
      <Switch
        options={(["open", "closed"] as const).map((value) => ({
          to: value === "open" ? "/my/market" : "/my/market?status=closed",
          label: t(`marketMine.${value}`),
          active: value === status,
        }))}
      />
      {listings.rows.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
          {t("marketMine.emptyListings")}
        </p>
      ) : (
        <ul
          aria-label={t("marketMine.listings")}
          className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
        >
          {listings.rows.map((row) => (
            <li key={row.id} className="flex items-center gap-3 px-4 py-3" data-listing-status={row.status}>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={row.status} />
                  <LocalLink to={listingPath(row.kind, row.id)} className="font-bold hover:underline">
                    {row.title}
                  </LocalLink>
                </p>
                <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                  <PriceText price={row.price} />
                  <span>{t(`market.kind.${row.kind}`)}</span>
                  <Time at={row.bumpedAt} now={now} />
                  {row.openOfferCount > 0 ? (
                    <span className="font-semibold text-primary">
                      {t("marketMine.openOffers", { count: row.openOfferCount })}
                    </span>
                  ) : null}
                </p>
              </div>
              <LocalLink to={`/market/write?id=${row.id}`} className={chip}>
                {t("market.listing.edit")}
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
      <More
        to={
          listings.nextCursor
            ? `/my/market?${new URLSearchParams({ ...(status === "closed" ? { status } : {}), cursor: listings.nextCursor })}`
            : null
        }
      />
    </div>
  );
}

function MyOffers({ data }: { data: Extract<LoaderData, { offers: unknown }> }) {
  const t = useT();
  const { offers, direction, now } = data;
  return (
    <div className="space-y-3">
      <Switch
        options={(["received", "sent"] as const).map((value) => ({
          to: `/my/market?tab=offers&direction=${value}`,
          label: t(`marketMine.${value}`),
          active: value === direction,
        }))}
      />
      {offers.items.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
          {t("marketMine.emptyOffers")}
        </p>
      ) : (
        <ul
          aria-label={t("marketMine.offers")}
          className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
        >
          {offers.items.map((offer) => (
            <li key={offer.id} className="space-y-1 px-4 py-3" data-offer-status={offer.status}>
              <p className="flex flex-wrap items-center gap-2">
                <StatusBadge status={offer.listing.status} />
                <LocalLink to={offer.listing.path} className="font-bold hover:underline">
                  {offer.listing.title}
                </LocalLink>
              </p>
              <p className="text-sm">
                {t("marketMine.offerLine", {
                  price: offer.price,
                  status: t(`market.trade.offerStatus.${offer.status}`),
                })}
                {offer.buyer ? ` · ${t("marketMine.offerFrom", { nickname: offer.buyer.nickname })}` : null}
              </p>
              <p className="text-muted text-xs">
                <Time at={offer.createdAt} now={now} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <More
        to={
          offers.nextCursor
            ? `/my/market?${new URLSearchParams({ tab: "offers", direction, cursor: offers.nextCursor })}`
            : null
        }
      />
    </div>
  );
}

function MyKeywords({ data }: { data: Extract<LoaderData, { keywords: unknown }> }) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const typed = result && "values" in result ? (result.values as Record<string, string>) : undefined;
  const full = data.keywords.length >= KEYWORD_LIMIT;
  return (
    <div className="space-y-4">
      <p className="text-muted text-sm">{t("marketMine.keywordsIntro")}</p>
      {result && "done" in result ? <Notice>{t(`marketMine.${result.done}`)}</Notice> : null}
      <FormAlert error={result && "error" in result ? result.error : undefined} />
      <Form method="post" className="space-y-3 rounded-xl border border-subtle p-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="keyword" className="block text-sm font-semibold">
              {t("marketMine.keyword")}
            </label>
            <input
              id="keyword"
              name="keyword"
              required
              maxLength={KEYWORD_MAX}
              defaultValue={typed?.keyword ?? ""}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="keyword-kind" className="block text-sm font-semibold">
              {t("marketMine.keywordKind")}
            </label>
            <select id="keyword-kind" name="kind" defaultValue={typed?.kind ?? ""} className={inputClass}>
              <option value="">{t("marketMine.anyKind")}</option>
              {marketKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`market.kind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="keyword-area" className="block text-sm font-semibold">
              {t("marketMine.keywordArea")}
            </label>
            <DistrictSelect
              options={data}
              emptyLabel={t("marketMine.anyArea")}
              id="keyword-area"
              name="areaCode"
              defaultValue={typed?.areaCode ?? ""}
              className={inputClass}
            />
          </div>
        </div>
        <KeywordFitOption checked={typed?.onlyFitting === "on"} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted text-xs">
            {t("marketMine.keywordCount", { count: data.keywords.length })}
          </p>
          <button
            type="submit"
            name="intent"
            value="saveKeyword"
            disabled={busy || full}
            className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {t("marketMine.addKeyword")}
          </button>
        </div>
      </Form>
      {data.keywords.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center">
          {t("marketMine.emptyKeywords")}
        </p>
      ) : (
        <ul
          aria-label={t("marketMine.keywords")}
          className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
        >
          {data.keywords.map((keyword) => (
            <li key={keyword.id} className="flex items-center gap-3 px-4 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{keyword.keyword}</p>
                <p className="text-muted text-xs">
                  {keyword.kind ? t(`market.kind.${keyword.kind}`) : t("marketMine.anyKind")} ·{" "}
                  {keyword.area ? keyword.area[language] : t("marketMine.anyArea")}
                  <KeywordFitTag onlyFitting={keyword.onlyFitting} />
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={keyword.id} />
                <button
                  type="submit"
                  name="intent"
                  value="deleteKeyword"
                  disabled={busy}
                  aria-label={t("marketMine.deleteKeyword", { keyword: keyword.keyword })}
                  className="inline-flex size-11 items-center justify-center rounded-lg border border-subtle disabled:opacity-60"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted text-xs">
        {t("marketMine.alarmSetting")}{" "}
        <LocalLink to="/setting/alarm" className="text-link underline">
          {t("alarm.settingsTitle")}
        </LocalLink>
      </p>
    </div>
  );
}
