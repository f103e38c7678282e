import type { Route } from "./+types/list";
import { MarketListView } from "#app/components/market/MarketListView";
import { getViewer } from "#app/platform/viewer.server";
import { isMarketListKind } from "#app/services/market/kinds";
import { loadMarketList } from "./list-loader.server";
import { notFound } from "#app/shell/input.server";

/** /market/{kind}: a market kind or `total`, open to visitors; an unknown kind is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isMarketListKind(params.kind)) notFound();
  return loadMarketList(request, params.kind, await getViewer(request));
}

export default function MarketList({ loaderData }: Route.ComponentProps) {
  return <MarketListView {...loaderData} />;
}
