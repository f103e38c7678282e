import { Form, useNavigation } from "react-router";
import { formatDay } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import type { ReviewRunningCosts } from "#app/services/service-log/running-costs.server";

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60";

/**
 * An owner review's real running costs from its author's service log, when the author chose to show them, and the
 * author's switch.
 */
export function RunningCostsPanel({ data }: { data: ReviewRunningCosts }) {
  const t = useT();
  const language = useLanguage();
  const busy = useNavigation().state !== "idle";
  if (!data.shown && !data.canShow) return null;
  const { costs } = data;
  const unknown = t("serviceLog.costs.unknown");
  return (
    <section aria-labelledby="review-running-costs" className="space-y-3 rounded-xl border border-subtle p-4">
      <h2 id="review-running-costs" className="text-lg font-bold">
        {t("serviceLog.costs.heading")}
      </h2>
      {data.shown ? (
        costs ? (
          <>
            <p className="text-muted text-sm">{t("serviceLog.costs.intro")}</p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-running-costs>
              <div>
                <dt className="text-muted text-xs">{t("serviceLog.costs.total")}</dt>
                <dd className="font-bold">{t("serviceLog.costs.won", { won: costs.totalCostWon })}</dd>
              </div>
              <div>
                <dt className="text-muted text-xs">{t("serviceLog.costs.per1000")}</dt>
                <dd className="font-bold">
                  {costs.costPer1000Km === null
                    ? unknown
                    : t("serviceLog.costs.won", { won: costs.costPer1000Km })}
                </dd>
              </div>
              <div>
                <dt className="text-muted text-xs">{t("serviceLog.costs.entries")}</dt>
                <dd className="font-bold">{t("serviceLog.costs.count", { count: costs.entries })}</dd>
              </div>
              <div>
                <dt className="text-muted text-xs">{t("serviceLog.costs.period")}</dt>
                <dd className="font-bold">
                  {costs.firstOn && costs.lastOn
                    ? t("serviceLog.costs.range", {
                        from: formatDay(language, costs.firstOn),
                        to: formatDay(language, costs.lastOn),
                      })
                    : unknown}
                </dd>
              </div>
            </dl>
          </>
        ) : (
          <p className="text-muted text-sm">{t("serviceLog.costs.noLog")}</p>
        )
      ) : (
        <p className="text-muted text-sm">{t("serviceLog.costs.ownerHint")}</p>
      )}
      {data.canShow ? (
        <Form method="post">
          <input type="hidden" name="runningCosts" value={data.shown ? "off" : "on"} />
          <button type="submit" name="intent" value="runningCosts" disabled={busy} className={button}>
            {t(data.shown ? "serviceLog.costs.hide" : "serviceLog.costs.show")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
