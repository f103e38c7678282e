import type { Route } from "./+types/list";
import { MarketListView } from "#app/components/market/MarketListView";
import { getViewer } from "#app/platform/viewer.server";
import { isMarketListKind } from "#app/services/market/kinds";
import { pageNotFound } from "#app/routes/board/list-loader.server";
import { loadMarketList } from "./list-loader.server";

/** /market/{kind}: a market kind or `total`, open to visitors; an unknown kind is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isMarketListKind(params.kind)) pageNotFound(request);
  return loadMarketList(request, params.kind, await getViewer(request));
}

export default function MarketList({ loaderData }: Route.ComponentProps) {
  return <MarketListView {...loaderData} />;
}
