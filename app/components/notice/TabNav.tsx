import { LocalLink } from "#app/i18n/react";

/** Tabs that are links (?tab=…), so each tab is its own server-rendered page and works without JavaScript. */
export function TabNav({
  label,
  path,
  tabs,
  current,
}: {
  label: string;
  /** Korean-locale path of the page. */
  path: string;
  tabs: { value: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="border-b border-subtle">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const active = tab.value === current;
          return (
            <li key={tab.value} className="shrink-0">
              <LocalLink
                to={`${path}?tab=${tab.value}`}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold ${
                  active ? "border-primary text-link" : "text-muted border-transparent hover:text-current"
                }`}
              >
                {tab.label}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
