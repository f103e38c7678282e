import type { Route } from "./+types/document";
import { policies, policyKinds } from "#app/content/policies";
import type { PolicyKind } from "#app/content/policies/types";
import { languageFromPath } from "#app/i18n";
import { formatDay } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { notFound } from "#app/shell/input.server";

function isPolicyKind(value: string): value is PolicyKind {
  return (policyKinds as readonly string[]).includes(value);
}

export function loader({ params, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!isPolicyKind(params.kind)) {
    notFound();
  }
  const document = policies[params.kind][languageFromPath(pathname)];
  return { document, pageTitle: document.title };
}

export default function PolicyDocument({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { document } = loaderData;
  return (
    <article className="leading-relaxed">
      <LocalLink to="/policy" className="text-link text-sm hover:underline">
        ← {t("policy.backToList")}
      </LocalLink>
      <h1 className="mt-3 text-2xl font-extrabold">{document.title}</h1>
      <p className="text-muted mt-1 text-sm">
        {t("policy.effectiveDate", { date: formatDay(language, document.effectiveDate) })}
      </p>
      <p className="mt-4">{document.summary}</p>
      <nav aria-labelledby="policy-contents" className="surface-muted mt-6 rounded-xl p-4">
        <h2 id="policy-contents" className="text-sm font-bold">
          {t("policy.contents")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {document.sections.map((section, position) => (
            <li key={section.heading}>
              <a href={`#section-${position + 1}`} className="text-link hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, position) => (
        <section key={section.heading} id={`section-${position + 1}`} className="mt-8 scroll-mt-20">
          <h2 className="text-lg font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
          {section.items?.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
