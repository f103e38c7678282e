import type { Route } from "./+types/faq";
import { NoticeLinks } from "#app/components/notice/NoticeLinks";
import { TabNav } from "#app/components/notice/TabNav";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listFaq } from "#app/services/notice/faq.server";
import { faqTabs, isFaqTab } from "#app/services/notice/tabs";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["clear-article-page", "clear-meeting-manage-index"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "notice.faq.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") ?? faqTabs[0];
  if (!isFaqTab(tab)) {
    notFound();
  }
  const entries = await listFaq(getRuntime().db, languageFromPath(url.pathname));
  return { tab, entries: entries[tab] };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { tab, entries } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <div className="space-y-2">
        <h1 className="text-2xl font-extrabold">{t("notice.faq.title")}</h1>
        <p className="text-muted">{t("notice.faq.intro")}</p>
      </div>
      <TabNav
        label={t("notice.faq.tabsLabel")}
        path="/faq"
        current={tab}
        tabs={faqTabs.map((value) => ({ value, label: t(`notice.faq.tab.${value}`) }))}
      />
      <h2 className="sr-only">{t(`notice.faq.tab.${tab}`)}</h2>
      {entries.length === 0 ? (
        <p className="text-muted py-10 text-center">{t("notice.faq.empty")}</p>
      ) : (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <details className="group surface rounded-xl border border-subtle">
                <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                  <span aria-hidden="true" className="text-link font-extrabold">
                    Q
                  </span>
                  <span className="flex-1">{entry.question}</span>
                  <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-180">
                    ▾
                  </span>
                </summary>
                <p className="border-t border-subtle px-4 py-3 leading-relaxed whitespace-pre-line">
                  {entry.answer}
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
      <aside aria-labelledby="faq-inquiry" className="rounded-xl border border-subtle p-4">
        <h2 id="faq-inquiry" className="font-bold">
          {t("notice.faq.inquiryTitle")}
        </h2>
        <p className="text-muted mt-1 text-sm">{t("notice.faq.inquiryText")}</p>
        <LocalLink
          to="/setting/inquiry"
          className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
        >
          {t("notice.faq.inquiryLink")}
        </LocalLink>
      </aside>
      <NoticeLinks current="/faq" />
    </section>
  );
}
