import Construction from "lucide-react/icons/construction";
import { LocalLink, useT } from "#app/i18n/react";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "review.gear.title" };

/** /review/gear: gear reviews are not open yet (spec: the screen is marked not ready). */
export default function GearReviews() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-5 py-6 text-center">
      <h1 className="text-2xl font-extrabold">{t("review.gear.title")}</h1>
      <div className="space-y-3 rounded-xl border border-subtle p-6">
        <Construction aria-hidden className="mx-auto size-12 text-amber-600" />
        <p>
          <span className="inline-flex rounded-md bg-amber-800 px-2 py-0.5 text-xs font-bold text-white">
            {t("review.gear.badge")}
          </span>
        </p>
        <h2 className="text-lg font-bold">{t("review.gear.heading")}</h2>
        <p className="text-muted text-sm">{t("review.gear.body")}</p>
      </div>
      <LocalLink
        to="/review/motorcycle/hot"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("review.gear.toReviews")}
      </LocalLink>
    </section>
  );
}
