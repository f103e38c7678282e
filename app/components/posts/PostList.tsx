import Search from "lucide-react/icons/search";
import type { ReactNode } from "react";
import { LocalLink, LocalNavLink, useLanguage } from "#app/i18n/react";
import type { ListSort } from "#app/services/board/list.server";
import type { ListCategory } from "#app/shell/list-query.server";

/**
 * The parts that a board's list and the market's list share: the chips that choose a board or kind, an order and a
 * category, the search field and the links between pages. Each list says its own words (they are passed in
 * translated), so this module names no catalogue area and loads none.
 */

export const chip =
  "inline-flex min-h-9 shrink-0 items-center rounded-full border border-subtle px-3 text-sm whitespace-nowrap";
export const activeChip = "border-primary bg-primary font-semibold text-white";

/** A list's address with these query parameters, in their order, leaving out the empty ones. */
export function listAddress(base: string, params: Record<string, string | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/** A chip that links to a variant of the list, marked as the current one when it is. */
function ChipLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <LocalLink
      to={to}
      aria-current={current ? "true" : undefined}
      className={`${chip} ${current ? activeChip : ""}`}
    >
      {children}
    </LocalLink>
  );
}

/**
 * A row of chips that a phone scrolls sideways; with `wraps`, wider screens show them all, wrapped, so that none
 * hides behind an edge without a cue.
 */
function ChipRow({
  label,
  wraps = false,
  children,
}: {
  label: string;
  wraps?: boolean;
  children: ReactNode;
}) {
  return (
    <nav
      aria-label={label}
      className={
        wraps
          ? "-mx-4 overflow-x-auto px-4 sm:mx-0 sm:overflow-visible sm:px-0"
          : "-mx-4 overflow-x-auto px-4"
      }
    >
      <ul className={wraps ? "flex gap-2 pb-1 sm:flex-wrap" : "flex gap-2 pb-1"}>{children}</ul>
    </nav>
  );
}

/** The boards or kinds to move between, the one of this address marked. */
export function KindLinks({
  label,
  kinds,
  wraps,
}: {
  label: string;
  kinds: { path: string; label: string }[];
  wraps?: boolean;
}) {
  return (
    <ChipRow label={label} wraps={wraps}>
      {kinds.map((kind) => (
        <li key={kind.path}>
          <LocalNavLink
            to={kind.path}
            end
            className={({ isActive }) => `${chip} ${isActive ? activeChip : ""}`}
          >
            {kind.label}
          </LocalNavLink>
        </li>
      ))}
    </ChipRow>
  );
}

/** Latest first or most liked first. */
export function SortLinks({
  label,
  labels,
  sort,
  hrefOf,
}: {
  label: string;
  labels: Record<ListSort, string>;
  sort: ListSort;
  hrefOf: (sort: ListSort) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-2">
        {(["latest", "popular"] as const).map((order) => (
          <li key={order}>
            <ChipLink to={hrefOf(order)} current={order === sort}>
              {labels[order]}
            </ChipLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** All categories, then each of the board's or kind's own, in the page's language. */
export function CategoryLinks({
  label,
  allLabel,
  categories,
  category,
  hrefOf,
}: {
  label: string;
  allLabel: string;
  categories: ListCategory[];
  category: string | null;
  hrefOf: (category: string | null) => string;
}) {
  const language = useLanguage();
  return (
    <ChipRow label={label}>
      {[
        { code: null, label: allLabel },
        ...categories.map((item) => ({ code: item.code, label: item[language] })),
      ].map((item) => (
        <li key={item.code ?? "all"}>
          <ChipLink to={hrefOf(item.code)} current={item.code === category}>
            {item.label}
          </ChipLink>
        </li>
      ))}
    </ChipRow>
  );
}

/** The search words' labelled field and its button, inside the list's GET form. */
export function SearchField({
  id,
  q,
  label,
  placeholder,
  submitLabel,
  inputClassName,
}: {
  id: string;
  q: string | null;
  label: string;
  placeholder: string;
  submitLabel: string;
  inputClassName: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q ?? ""}
        maxLength={50}
        placeholder={placeholder}
        className={inputClassName}
      />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-subtle px-4 font-semibold"
      >
        <Search className="size-4" aria-hidden="true" />
        {submitLabel}
      </button>
    </>
  );
}

/** The order and category a search keeps, as the GET form's hidden fields. */
export function KeptListChoices({ sort, category }: { sort: ListSort; category: string | null }) {
  return (
    <>
      {sort === "popular" ? <input type="hidden" name="sort" value="popular" /> : null}
      {category ? <input type="hidden" name="category" value={category} /> : null}
    </>
  );
}

/**
 * Keyset pages: back to the first page from a later one, and on to the next when there is one (`firstPath` and
 * `nextPath`, null when there is none).
 */
export function ListPages({
  label,
  firstLabel,
  nextLabel,
  firstPath,
  nextPath,
}: {
  label: string;
  firstLabel: string;
  nextLabel: string;
  firstPath: string | null;
  nextPath: string | null;
}) {
  if (!firstPath && !nextPath) return null;
  return (
    <nav aria-label={label} className="flex justify-center gap-3">
      {firstPath ? (
        <LocalLink to={firstPath} className={chip}>
          {firstLabel}
        </LocalLink>
      ) : null}
      {nextPath ? (
        <LocalLink to={nextPath} rel="next" className={`${chip} font-semibold`}>
          {nextLabel}
        </LocalLink>
      ) : null}
    </nav>
  );
}
