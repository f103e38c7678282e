import type { Route } from "./+types/listing";
import { ListingPageView } from "#app/components/market/ListingPageView";
import { keepPageAfterRelationChange } from "#app/components/posts/PostPage";
import { getViewer } from "#app/platform/viewer.server";
import { isMarketListKind } from "#app/services/market/kinds";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { routeShareMeta } from "#app/shell/share";
import { listingPageAction, loadListingPage } from "./listing-page.server";
import { notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["expired-article"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** /market/{kind}/{boardId}: server-rendered for everybody; an unknown kind is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isMarketListKind(params.kind)) notFound();
  return loadListingPage(request, params.boardId, params.kind, await getViewer(request));
}

export async function action({ request, params }: Route.ActionArgs) {
  return listingPageAction(request, params.boardId);
}

export const shouldRevalidate = keepPageAfterRelationChange;

/** The listing's own share preview: its title, the start of its text and its cover. */
export const meta: Route.MetaFunction = (args) =>
  routeShareMeta(args, args.loaderData && "share" in args.loaderData ? args.loaderData.share : null);

export default function MarketListing({ loaderData }: Route.ComponentProps) {
  return <ListingPageView data={loaderData} />;
}
