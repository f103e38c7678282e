import { getFormProps } from "@conform-to/react";
import { randomUUID } from "node:crypto";
import { useState } from "react";
import { Form, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/point";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { useMessages } from "#app/components/forms/messages";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { Field } from "#app/components/ui/Field";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, type MessageKey } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { formatNumber } from "#app/i18n/message";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf, history } from "#app/services/ledger/reads.server";
import { isLedgerKind } from "#app/services/ledger/kinds";
import { isDomainError } from "#app/services/errors";
import { requireSignedIn, requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { idOrNull, readForm } from "#app/shell/input.server";
import { giftSchema, GIFT_STEP } from "#app/services/points/gift.schema";
import { giftPoints, mayGiftPoints } from "#app/services/points/gifts.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";

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
  const mayGift = await mayGiftPoints(db, viewer.id);
  const rows = await history(db, viewer.id, {
    currency: "P",
    direction: tab === "total" ? undefined : tab,
    limit: PAGE + 1,
    before,
  });
  return {
    tab,
    balance: formatNumber(balance),
    balanceValue: balance,
    gift: { allowed: mayGift, token: randomUUID() },
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

/**
 * The gift form: checked by the schema the browser used, then by the service against the ledger. The balance is the
 * ledger's to check here, not the schema's: a form sent twice must find its gift already sent (and answer it as
 * sent), not be refused for the balance that gift has just lowered. A gift sent goes back to this page with a
 * message; a refusal keeps what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireSignedIn(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), giftSchema(Number.MAX_SAFE_INTEGER));
  if (submission.status !== "success") return refusedSubmission(submission);
  const { nickname, amount, token } = submission.value;
  try {
    const gift = await giftPoints(db, clock, actor, { nickname, amount, token });
    return redirectWithFlash(url.pathname, {
      key: "spark.gift.sent",
      params: { nickname: gift.recipientNickname, amount: formatNumber(gift.amount) },
    });
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
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
      <GiftSection key={loaderData.gift.token} gift={loaderData.gift} balance={loaderData.balanceValue} />
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

/**
 * Gifting points: a reviewer names the recipient and the amount, confirms "send 500 P to …?", and the page comes back
 * with the gift in the history. Each rendering of the form carries a new one-time token, so a double submit sends one
 * gift. Members who have not written a review are told why they cannot gift.
 */
function GiftSection({ gift, balance }: { gift: { allowed: boolean; token: string }; balance: number }) {
  const t = useT();
  const messages = useMessages();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/points/gift.schema").then((schemas) => schemas.giftSchema(balance)),
    { lastResult: result?.lastResult },
  );
  const [typed, setTyped] = useState({
    nickname: fields.nickname.initialValue ?? "",
    amount: fields.amount.initialValue ?? "",
  });
  const serverError = result && "error" in result ? result.error : undefined;
  return (
    <section aria-labelledby="gift-title" className="space-y-3 rounded-xl border border-subtle p-4">
      <h2 id="gift-title" className="text-lg font-bold">
        {t("spark.gift.title")}
      </h2>
      <p className="text-muted text-sm">{t("spark.gift.text")}</p>
      {gift.allowed ? (
        <Form
          method="post"
          className="space-y-3"
          {...getFormProps(form)}
          onInput={(event) => {
            const data = new FormData(event.currentTarget);
            setTyped({
              nickname: String(data.get("nickname") ?? ""),
              amount: String(data.get("amount") ?? ""),
            });
          }}
        >
          <input type="hidden" name="token" value={gift.token} />
          <FormAlert
            error={
              serverError ??
              (form.errors ? { code: "invalid", message: messages(form.errors).join(" ") } : undefined)
            }
          />
          <Field
            label={t("spark.gift.nickname")}
            hint={t("spark.gift.nicknameHint")}
            field={fields.nickname}
            autoComplete="off"
            required
          />
          <Field
            label={t("spark.gift.amount")}
            hint={t("spark.gift.amountHint")}
            field={fields.amount}
            inputMode="numeric"
            type="number"
            min={GIFT_STEP}
            step={GIFT_STEP}
            required
          />
          <ConfirmButton
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
            confirm={{
              title: t("spark.gift.confirmTitle", {
                nickname: typed.nickname.trim(),
                amount: formatNumber(Number(typed.amount) || 0),
              }),
              description: t("spark.gift.confirmText"),
              action: t("spark.gift.confirmAction"),
              tone: "primary",
            }}
          >
            {t("spark.gift.submit")}
          </ConfirmButton>
        </Form>
      ) : (
        <p className="surface-muted rounded-lg px-3 py-2 text-sm" data-testid="gift-reviewers-only">
          {t("spark.gift.reviewersOnly")}{" "}
          <LocalLink to="/review/motorcycle/write/search" className="text-link font-semibold underline">
            {t("spark.gift.writeReview")}
          </LocalLink>
        </p>
      )}
    </section>
  );
}
