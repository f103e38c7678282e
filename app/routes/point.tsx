import { useSearchParams } from "react-router";
import type { Route } from "./+types/point";
import { languageFromPath, type MessageKey } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { formatNumber } from "#app/i18n/message";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { balanceOf, history, isLedgerKind, memberPointsCode } from "#app/services/ledger/ledger.server";
import { isDomainError } from "#app/services/errors";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { idOrNull } from "#app/shell/input.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "point.title" };

const PAGE = 20;
const tabs = ["total", "earn", "use"] as const;

/** Every kind of posting has a label in both languages; a kind stored by an older version gets the general one. */
function kindLabel(kind: string): MessageKey {
  return isLedgerKind(kind) ? `point.kind.${kind}` : "point.kind.other";
}

/** Balance and history of points (/point and /my/point): tabs total, earn, use; newest first, a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const tab = tabs.find((value) => value === url.searchParams.get("tab")) ?? "total";
  const before = idOrNull(url.searchParams.get("before")) ?? undefined;
  const { db } = getRuntime();
  const language = languageFromPath(url.pathname);
  let balance = 0;
  try {
    balance = await balanceOf(db, memberPointsCode(viewer.id));
  } catch (error) {
    if (!isDomainError(error, "ledger")) throw error;
  }
  const rows = await history(db, viewer.id, {
    currency: "P",
    direction: tab === "total" ? undefined : tab,
    limit: PAGE + 1,
    before,
  });
  return {
    tab,
    balance: formatNumber(balance),
    rows: rows.slice(0, PAGE).map((row) => ({
      id: row.transactionId,
      label: kindLabel(row.kind),
      amount: `${row.amount > 0 ? "+" : ""}${formatNumber(row.amount)}`,
      counterpart: row.counterpartNickname,
      date: formatDate(language, row.createdAt),
    })),
    next: rows.length > PAGE ? rows[PAGE - 1]!.transactionId : undefined,
  };
}

export default function Points({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const base = params.has("tab") ? `?tab=${loaderData.tab}&` : "?";
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("point.title")}</h1>
      <div className="rounded-xl bg-secondary px-5 py-4 text-white">
        <p className="text-sm text-white/80">{t("point.balance")}</p>
        <p className="text-3xl font-extrabold" data-testid="point-balance">
          {t("point.amount", { amount: loaderData.balance })}
        </p>
      </div>
      <p className="text-muted text-sm">{t("point.useComingSoon")}</p>
      <nav aria-label={t("point.tabs")} className="surface-muted flex gap-1 rounded-lg p-1">
        {tabs.map((tab) => (
          <LocalLink
            key={tab}
            to={`/my/point?tab=${tab}`}
            aria-current={loaderData.tab === tab ? "page" : undefined}
            className="flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
          >
            {t(`point.${tab}`)}
          </LocalLink>
        ))}
      </nav>
      {loaderData.rows.length === 0 ? <p className="text-muted">{t("point.empty")}</p> : null}
      <ul
        aria-label={t("point.history")}
        className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
      >
        {loaderData.rows.map((row) => (
          <li key={row.id} className="flex items-center justify-between px-4 py-3">
            <span>
              <span className="block font-semibold">
                {row.counterpart ? t("point.from", { nickname: row.counterpart }) : t("point.system")}
              </span>
              <span className="text-muted text-xs">
                {t(row.label)} · {row.date}
              </span>
            </span>
            <span
              className={
                row.amount.startsWith("+") ? "font-bold text-primary dark:text-[var(--link)]" : "font-bold"
              }
            >
              {row.amount}P
            </span>
          </li>
        ))}
      </ul>
      {loaderData.next ? (
        <LocalLink
          to={`/my/point${base}before=${loaderData.next}`}
          className="text-link block text-center underline"
        >
          {t("point.more")}
        </LocalLink>
      ) : null}
    </section>
  );
}
