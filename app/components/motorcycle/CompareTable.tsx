import { useId, type ReactNode } from "react";
import { useT } from "#app/i18n/react";

interface CompareRow {
  key: string;
  label: ReactNode;
  /** One per column; null shows the "not published" dash. */
  cells: (ReactNode | null)[];
  /** Columns holding the better value of the row. */
  better?: readonly number[];
}

export interface CompareSection {
  key: string;
  heading: string;
  rows: CompareRow[];
}

/** What a missing value shows: a dash, read out as "not published". */
function Missing() {
  const t = useT();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("motorcycle.missing")}</span>
    </>
  );
}

/**
 * Model years side by side: a head cell per column, then sections of labelled rows. On a narrow screen the table
 * scrolls sideways inside its own box while the row labels stay put (a sticky first column). A better value is
 * bold and tinted, and said in words for screen readers. The box is positioned so that the screen-reader-only words
 * (absolutely placed) scroll and clip with the table instead of widening the whole page on a phone.
 */
export function CompareTable({
  caption,
  columns,
  sections,
}: {
  caption: string;
  columns: ReactNode[];
  sections: CompareSection[];
}) {
  const t = useT();
  const captionId = useId();
  const sticky = "surface sticky left-0 z-10 border-r border-subtle";
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:rounded-xl sm:border sm:border-subtle sm:px-0"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <td className={`${sticky} min-w-28 border-b p-2`} />
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className="min-w-40 border-b border-subtle p-2 text-left align-top font-semibold"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody key={section.key}>
            <tr>
              <th
                scope="colgroup"
                colSpan={columns.length + 1}
                className="surface-muted border-b border-subtle p-0 text-left"
              >
                <span className="sticky left-0 inline-block px-2 py-1.5 font-bold">{section.heading}</span>
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                <th
                  scope="row"
                  className={`${sticky} text-muted border-b p-2 text-left align-top font-semibold`}
                >
                  {row.label}
                </th>
                {row.cells.map((cell, index) => {
                  const better = row.better?.includes(index) ?? false;
                  return (
                    <td
                      key={index}
                      data-better={better || undefined}
                      className={`border-b border-subtle p-2 align-top ${better ? "bg-primary-soft font-bold text-secondary dark:bg-primary-strong dark:text-white" : ""}`}
                    >
                      {cell === null ? <Missing /> : cell}
                      {better ? <span className="sr-only"> {t("motorcycle.better")}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
