import type { Route } from "./+types/write";
import { ListingForm, type ListingActionData } from "#app/components/market/ListingForm";
import { WriteRefusal } from "#app/components/posts/PostForm";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { loadListingForm, submitListingForm } from "./write-form.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** `?kind=` preselects a market kind; `?id=` edits a listing (its seller or an administrator only). */
export async function loader({ request }: Route.LoaderArgs) {
  return loadListingForm(request);
}

export async function action({ request }: Route.ActionArgs) {
  return submitListingForm(request);
}

export default function MarketWrite({ loaderData, actionData }: Route.ComponentProps) {
  return <ListingForm data={loaderData} result={actionData as ListingActionData | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <WriteRefusal error={error} />;
}
