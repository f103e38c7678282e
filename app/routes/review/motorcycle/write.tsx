import type { Route } from "./+types/write";
import { ReviewForm } from "#app/components/review/ReviewForm";
import { ReviewRefusal } from "#app/components/review/ReviewRefusal";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { loadReviewForm, reviewFormBack } from "../review-form.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "review.form.title" };

/** `?motorcycleId=` writes a review of that model year; `?id=` edits one (its author, within 24 hours). */
export async function loader({ request }: Route.LoaderArgs) {
  return loadReviewForm(request);
}

/** "Edit" on the preview: the form again with everything it carried. */
export async function action({ request }: Route.ActionArgs) {
  return reviewFormBack(request);
}

export default function ReviewWrite({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewForm data={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReviewRefusal error={error} />;
}
