import type { Route } from "./+types/confirm";
import { ReviewForm } from "#app/components/review/ReviewForm";
import { ReviewPreview } from "#app/components/review/ReviewPreview";
import { LocalLink, useT } from "#app/i18n/react";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { reviewConfirmAction } from "../review-form.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "review.confirm.title" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireActor(request);
  return null;
}

/** The write form's preview (photos stored, everything checked), and publishing from it. */
export async function action({ request }: Route.ActionArgs) {
  return reviewConfirmAction(request);
}

export default function ReviewConfirm({ actionData }: Route.ComponentProps) {
  const t = useT();
  if (actionData?.step === "preview") return <ReviewPreview step={actionData} />;
  if (actionData?.step === "form" && actionData.motorcycle)
    return (
      <ReviewForm
        data={{
          mode: actionData.mode,
          reviewId: actionData.reviewId,
          motorcycle: actionData.motorcycle,
          token: actionData.token,
          editableUntil: null,
          values: actionData.values,
        }}
        result={actionData}
      />
    );
  // Opened directly, or posted without a model year: nothing to confirm yet.
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
      <h1 className="text-2xl font-extrabold">{t("review.confirm.title")}</h1>
      {actionData?.step === "form" && actionData.error ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          {actionData.error.message}
        </p>
      ) : (
        <p className="text-muted">{t("review.confirm.empty")}</p>
      )}
      <LocalLink
        to="/review/motorcycle/write/search"
        className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("review.confirm.start")}
      </LocalLink>
    </section>
  );
}
