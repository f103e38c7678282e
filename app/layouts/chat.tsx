import ChevronLeft from "lucide-react/icons/chevron-left";
import { Outlet, useMatches } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";
import { ReputationBadge } from "#app/components/reputation/ReputationBadge";

/** What a chat page tells the layout to show in its header. */
interface ChatHeader {
  title: string;
  backTo: string;
  reputation?: { memberId: string; score: number };
}

function headerOf(data: unknown): ChatHeader | null {
  const header = (data as { header?: ChatHeader } | null | undefined)?.header;
  return header && typeof header.title === "string" && typeof header.backTo === "string" ? header : null;
}

/**
 * The chat layout: a slim header (back, and the page's title) over one full-height column, so that the
 * conversation fills a phone's screen and stays a readable column on a desktop.
 */
export default function ChatLayout() {
  const t = useT();
  const header = headerOf(useMatches().at(-1)?.loaderData);
  return (
    <div className="mx-auto flex h-dvh w-full max-w-2xl flex-col md:border-x md:border-subtle">
      <header className="surface flex h-12 shrink-0 items-center gap-2 border-b border-subtle px-2">
        <LocalLink
          to={header?.backTo ?? "/"}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-[var(--surface-muted)]"
        >
          <ChevronLeft aria-hidden className="size-5" />
          <span className="sr-only">{t("chat.back")}</span>
        </LocalLink>
        <h1 className="truncate text-base font-bold">{header?.title ?? t("chat.title")}</h1>
        {header?.reputation ? <ReputationBadge {...header.reputation} /> : null}
      </header>
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
