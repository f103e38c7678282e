import type { Route } from "./+types/reputation";
import { languageFromPath, translate } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { ReputationMeter } from "#app/components/reputation/ReputationBadge";
import { isDomainError } from "#app/services/errors";
import { reputationOf } from "#app/services/reputation/reputation.server";
import { badInputs, goodInputs, type ReputationInput } from "#app/services/reputation/rules";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import { missingPage } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

// Who may read it is who may read the profile it belongs to.
const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "reputation.name" };

/** A member's reputation and the counts behind it; reading it writes nothing. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    const reputation = await reputationOf(getRuntime().db, params.id);
    return {
      state: "found" as const,
      ...reputation,
      updatedAt: reputation.updatedAt ? formatDate(language, reputation.updatedAt) : null,
      pageTitle: translate(language, "reputation.why.title", { nickname: reputation.member.nickname }),
    };
  } catch (error) {
    if (!isDomainError(error, "relations")) throw error;
    return missingPage({
      state: "missing" as const,
      pageTitle: translate(language, "members.missing.title"),
    });
  }
}

const verifications: readonly ReputationInput[] = ["phoneVerified", "businessVerified"];

function InputList({
  title,
  inputs,
  counts,
}: {
  title: string;
  inputs: readonly ReputationInput[];
  counts: Record<ReputationInput, number>;
}) {
  const t = useT();
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      <dl className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
        {inputs.map((input) => (
          <div key={input} className="flex items-center justify-between gap-4 px-4 py-2 text-sm">
            <dt>{t(`reputation.input.${input}`)}</dt>
            <dd className="font-bold tabular-nums">
              {verifications.includes(input)
                ? t(counts[input] > 0 ? "reputation.done" : "reputation.notDone")
                : t("reputation.count", { count: counts[input] })}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function ReputationWhy({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.state === "missing")
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold">{t("members.missing.title")}</h1>
        <p className="text-muted">{t("members.missing.text")}</p>
      </section>
    );
  const { member, score, counts, updatedAt } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-6" data-reputation-why={score.toFixed(1)}>
      <header className="space-y-2">
        <LocalLink to={`/profile/${encodeURIComponent(member.id)}`} className="text-link text-sm underline">
          {t("reputation.why.back", { nickname: member.nickname })}
        </LocalLink>
        <h1 className="text-2xl font-extrabold">
          {t("reputation.why.title", { nickname: member.nickname })}
        </h1>
        <p className="flex items-center gap-3">
          <span className="text-muted text-sm">{t("reputation.why.score")}</span>
          <span className="text-3xl font-extrabold tabular-nums">
            {t("reputation.degrees", { score: score.toFixed(1) })}
          </span>
          <ReputationMeter score={score} wide />
        </p>
        {updatedAt ? (
          <p className="text-muted text-sm">{t("reputation.why.updatedAt", { date: updatedAt })}</p>
        ) : (
          <p className="text-muted text-sm">{t("reputation.why.empty")}</p>
        )}
      </header>
      <section aria-labelledby="reputation-inputs" className="space-y-4">
        <h2 id="reputation-inputs" className="text-lg font-bold">
          {t("reputation.why.inputs")}
        </h2>
        <InputList title={t("reputation.why.raises")} inputs={goodInputs} counts={counts} />
        <InputList title={t("reputation.why.lowers")} inputs={badInputs} counts={counts} />
      </section>
      <section aria-labelledby="reputation-how" className="space-y-2 text-sm">
        <h2 id="reputation-how" className="text-lg font-bold">
          {t("reputation.why.how")}
        </h2>
        <p>{t("reputation.why.howStart")}</p>
        <p>{t("reputation.why.howGood")}</p>
        <p>{t("reputation.why.howBad")}</p>
        <p>{t("reputation.why.howWhen")}</p>
        <p className="text-muted">{t("reputation.why.howPrivate")}</p>
      </section>
    </section>
  );
}
