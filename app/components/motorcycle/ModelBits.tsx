import type { MotorcycleCategory } from "#app/db/schema";
import type { MessageKey, MessageParams } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { MotorcycleSpecs } from "#app/services/motorcycles/catalogue-row";
import type { RatingSummary } from "#app/services/motorcycles/ratings.server";
import type { CompareSection } from "./CompareTable";
import { ratingRows, specRowFields, specText } from "./spec-text";

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** A model's name in the page's language, with the other language's name beside it in small type. */
export function ModelName({ nameKo, nameEn }: { nameKo: string; nameEn: string }) {
  const language = useLanguage();
  const other = language === "ko" ? "en" : "ko";
  const names = { ko: nameKo, en: nameEn };
  return (
    <>
      {names[language]}
      {names[other] !== names[language] ? (
        <span lang={other} className="text-muted ml-1.5 text-[0.8em] font-normal">
          {names[other]}
        </span>
      ) : null}
    </>
  );
}

/** The figures of some model years as a table section: category, then every published figure with its unit. */
export function specSection(
  t: Translate,
  items: { category: MotorcycleCategory; specs: MotorcycleSpecs }[],
  better: Partial<Record<string, number[]>> = {},
): CompareSection {
  return {
    key: "specs",
    heading: t("motorcycle.compare.specHeading"),
    rows: [
      {
        key: "category",
        label: t("motorcycle.spec.category"),
        cells: items.map((item) => t(`motorcycle.category.${item.category}`)),
      },
      ...specRowFields.map((field) => ({
        key: field,
        label: t(`motorcycle.spec.${field}`),
        cells: items.map((item) => specText(t, field, item.specs)),
        better: better[field],
      })),
    ],
  };
}

/** The nine owner ratings of some models as a table section, with how many reviews each average is over. */
export function ratingSection(
  t: Translate,
  items: RatingSummary[],
  better: Partial<Record<string, number[]>> = {},
): CompareSection {
  const value = (number: number | null | undefined) =>
    number === null || number === undefined ? null : t("motorcycle.ratingValue", { value: number });
  return {
    key: "ratings",
    heading: t("motorcycle.compare.ratingsHeading"),
    rows: [
      {
        key: "rating.count",
        label: t("motorcycle.model.ratingsHeading"),
        cells: items.map((item) =>
          item.count > 0 ? t("motorcycle.reviewCount", { count: item.count }) : t("motorcycle.noReviews"),
        ),
      },
      {
        key: "rating.overall",
        label: t("motorcycle.rating.overall"),
        cells: items.map((item) => value(item.overall)),
        better: better["rating.overall"],
      },
      ...ratingRows.map((rating) => ({
        key: `rating.${rating}`,
        label: t(`motorcycle.rating.${rating}`),
        cells: items.map((item) => value(item.averages?.[rating])),
        better: better[`rating.${rating}`],
      })),
    ],
  };
}

/** The owner ratings of one model: the overall average and each of the nine, or the no-reviews state. */
export function RatingList({ ratings }: { ratings: RatingSummary }) {
  const t = useT();
  if (ratings.count === 0 || !ratings.averages)
    return <p className="text-muted">{t("motorcycle.noReviews")}</p>;
  return (
    <div className="space-y-3">
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-extrabold">{ratings.overall}</span>
        <span className="text-muted text-sm">
          / 10 · {t("motorcycle.model.ratingsSummary", { count: ratings.count })}
        </span>
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {ratingRows.map((item) => (
          <div key={item} className="flex items-center gap-3" data-rating={item}>
            <dt className="w-32 shrink-0 text-sm">{t(`motorcycle.rating.${item}`)}</dt>
            <dd className="flex flex-1 items-center gap-2">
              <span aria-hidden="true" className="surface-muted h-2 flex-1 overflow-hidden rounded-full">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${(ratings.averages![item] / 10) * 100}%` }}
                />
              </span>
              <span className="w-10 text-right text-sm font-semibold">{ratings.averages![item]}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The three steps of a comparison, each carrying the selection along; the current one is marked. */
export function CompareSteps({ current, ids }: { current: "search" | "select" | "result"; ids: string }) {
  const t = useT();
  const query = ids ? `?ids=${ids}` : "";
  const steps = [
    { step: "search", to: `/specCompare/search${query}`, label: t("motorcycle.compare.stepSearch") },
    { step: "select", to: `/specCompare/select${query}`, label: t("motorcycle.compare.stepSelect") },
    { step: "result", to: `/specCompare/result${query}`, label: t("motorcycle.compare.stepResult") },
  ] as const;
  return (
    <nav aria-label={t("motorcycle.compare.steps")}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((item, index) => (
          <li key={item.step}>
            <LocalLink
              to={item.to}
              aria-current={item.step === current ? "step" : undefined}
              className={`inline-flex min-h-9 items-center rounded-full border px-3 ${
                item.step === current ? "border-primary bg-primary font-semibold text-white" : "border-subtle"
              }`}
            >
              {index + 1}. {item.label}
            </LocalLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
