import { policies, policyKinds } from "#app/content/policies";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "policy.title" };

export default function PolicyIndex() {
  const t = useT();
  const language = useLanguage();
  return (
    <article>
      <h1 className="text-2xl font-extrabold">{t("policy.title")}</h1>
      <p className="text-muted mt-2">{t("policy.intro")}</p>
      <ul className="mt-6 divide-y divide-[var(--border)] rounded-xl border border-subtle">
        {policyKinds.map((kind) => {
          const document = policies[kind][language];
          return (
            <li key={kind}>
              <LocalLink to={`/policy/${kind}`} className="block px-4 py-4 hover:bg-[var(--surface-muted)]">
                <span className="font-semibold">{document.title}</span>
                <span className="text-muted mt-1 block text-sm">{document.summary}</span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
