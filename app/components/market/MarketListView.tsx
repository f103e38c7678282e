import PenSquare from "lucide-react/icons/square-pen";
import { Form } from "react-router";
import {
  activeChip,
  CategoryLinks,
  chip,
  KeptListChoices,
  KindLinks,
  ListPages,
  listAddress,
  SearchField,
  SortLinks,
} from "#app/components/posts/PostList";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ListSort } from "#app/services/board/list.server";
import { marketKinds, type MarketListKind } from "#app/services/market/kinds";
import { ListingCard, type ListingCardRow } from "./ListingCard";
import { splitPart } from "#app/components/ui/split-component";
import type { GarageFitFilter } from "#app/services/market/fits.server";
import type { ListCategory } from "#app/shell/list-query.server";

interface MarketFilters {
  hideClosed: boolean;
  priceMin: number | null;
  priceMax: number | null;
  area: string | null;
  /** Kilometres around the member's main area; replaces `area`. */
  near: number | null;
}

export interface MarketListViewProps {
  kind: MarketListKind;
  sort: ListSort;
  categories: ListCategory[];
  category: string | null;
  q: string | null;
  filters: MarketFilters;
  /** The districts offered as area filters (the member's own, and the one filtered by); `nearOptions` only when
   * the member has a main area. */
  areas: { code: string; names: { ko: string; en: string } }[];
  nearOptions: number[];
  page: { rows: ListingCardRow[]; nextCursor: string | null };
  paged: boolean;
  now: string;
  signedIn: boolean;
  /** "Fits my garage" on the parts and gear lists (ADR 072); null elsewhere. */
  fitFilter?: GarageFitFilter | null;
}

// "Fits my garage" shows on two kinds' lists only: its code loads after the first load (ADR 045, ADR 072).
const fitFilter = () => import("#app/components/partsFit/GarageFitFilter");
const GarageFitField = await splitPart(() => fitFilter().then((module) => module.GarageFitField));
const GarageFitStatus = await splitPart(() => fitFilter().then((module) => module.GarageFitStatus));

const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

/** A market list: kinds, order, types, filters (a GET form that works without JavaScript) and the listings. */
export function MarketListView(props: MarketListViewProps) {
  const t = useT();
  const language = useLanguage();
  const { kind, sort, categories, category, q, filters, page } = props;
  const base = `/market/${kind}`;
  const query = (changes: Record<string, string | null>) => {
    const current: Record<string, string | null> = {
      sort: sort === "latest" ? null : sort,
      category,
      q,
      all: filters.hideClosed ? null : "1",
      min: filters.priceMin === null ? null : String(filters.priceMin),
      max: filters.priceMax === null ? null : String(filters.priceMax),
      area: filters.area,
      near: filters.near === null ? null : String(filters.near),
      fit: props.fitFilter?.on ? "1" : null,
    };
    return listAddress(base, { ...current, ...changes });
  };
  const writePath = kind === "total" ? "/market/write" : `/market/write?kind=${kind}`;
  const areaValue = filters.near !== null ? `near:${filters.near}` : (filters.area ?? "");
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          {t("market.title")} · {t(`market.kind.${kind}`)}
        </h1>
        <LocalLink
          to={props.signedIn ? writePath : `/login?redirectTo=${encodeURIComponent(writePath)}`}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
        >
          <PenSquare className="size-4" aria-hidden="true" />
          {props.signedIn ? t("market.list.write") : t("market.list.signInToWrite")}
        </LocalLink>
      </header>

      <KindLinks
        label={t("market.list.kinds")}
        kinds={(["total", ...marketKinds] as const).map((item) => ({
          path: `/market/${item}`,
          label: t(`market.kind.${item}`),
        }))}
        wraps
      />

      <Form method="get" role="search" aria-label={t("market.list.filters")} className="space-y-3">
        <KeptListChoices sort={sort} category={category} />
        <div className="flex gap-2">
          <SearchField
            id="market-search"
            q={q}
            label={t("market.list.searchLabel")}
            placeholder={t("market.list.searchPlaceholder")}
            submitLabel={t("market.list.search")}
            inputClassName={`${inputClass} min-w-0 flex-1`}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <div>
            <label htmlFor="market-min" className="text-muted block text-xs font-semibold">
              {t("market.list.priceMin")}
            </label>
            <input
              id="market-min"
              name="min"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={filters.priceMin ?? ""}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="market-max" className="text-muted block text-xs font-semibold">
              {t("market.list.priceMax")}
            </label>
            <input
              id="market-max"
              name="max"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={filters.priceMax ?? ""}
              className={inputClass}
            />
          </div>
          <div className="col-span-2">
            <label htmlFor="market-area" className="text-muted block text-xs font-semibold">
              {t("market.list.area")}
            </label>
            <select id="market-area" name="area" defaultValue={areaValue} className={inputClass}>
              <option value="">{t("market.list.anyArea")}</option>
              {props.areas.map((area) => (
                <option key={area.code} value={area.code}>
                  {area.names[language]}
                </option>
              ))}
              {props.nearOptions.map((km) => (
                <option key={km} value={`near:${km}`}>
                  {t("market.list.near", { km })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
            {/* Marks a submit of this form: an unticked box sends nothing, which must not read as "default". */}
            <input type="hidden" name="f" value="1" />
            <input
              type="checkbox"
              name="hide"
              value="1"
              defaultChecked={filters.hideClosed}
              className="size-5 accent-[var(--color-primary)]"
            />
            {t("market.list.hideClosed")}
          </label>
          {props.fitFilter ? <GarageFitField filter={props.fitFilter} here={base} /> : null}
          <div className="flex gap-2">
            <LocalLink to={base} className={chip}>
              {t("market.list.reset")}
            </LocalLink>
            <button type="submit" className={`${chip} ${activeChip}`}>
              {t("market.list.apply")}
            </button>
          </div>
        </div>
      </Form>

      <SortLinks
        label={t("market.list.sort")}
        labels={{ latest: t("market.list.latest"), popular: t("market.list.popular") }}
        sort={sort}
        hrefOf={(order) => query({ sort: order === "latest" ? null : order, cursor: null })}
      />

      {categories.length > 0 ? (
        <CategoryLinks
          label={t("market.list.types")}
          allLabel={t("market.list.allTypes")}
          categories={categories}
          category={category}
          hrefOf={(code) => query({ category: code })}
        />
      ) : null}

      {props.fitFilter ? <GarageFitStatus filter={props.fitFilter} empty={page.rows.length === 0} /> : null}
      {page.rows.length === 0 ? (
        <div className="surface-muted space-y-1 rounded-xl px-4 py-10 text-center">
          <p className="font-semibold">{t("market.list.empty")}</p>
          <p className="text-muted text-sm">{t("market.list.emptyHint")}</p>
        </div>
      ) : (
        <ul aria-label={t("market.list.listings")} className="rounded-xl border border-subtle px-4">
          {page.rows.map((row) => (
            <ListingCard key={row.id} row={row} now={props.now} showKind={kind === "total"} />
          ))}
        </ul>
      )}

      <ListPages
        label={t("market.list.pages")}
        firstLabel={t("market.list.first")}
        nextLabel={t("market.list.more")}
        firstPath={props.paged ? query({}) : null}
        nextPath={page.nextCursor ? query({ cursor: page.nextCursor }) : null}
      />
    </section>
  );
}
