import type { Route } from "./+types/list";
import { BoardListView } from "#app/components/board/BoardListView";
import { getViewer } from "#app/platform/viewer.server";
import { isBoardListKind } from "#app/services/board/kinds";
import { loadBoardList } from "./list-loader.server";
import { notFound } from "#app/shell/input.server";

/** /board/{kind}: a topic board or `total`, open to visitors; an unknown kind is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isBoardListKind(params.kind)) notFound();
  return loadBoardList(request, params.kind, await getViewer(request));
}

export default function BoardList({ loaderData }: Route.ComponentProps) {
  return <BoardListView {...loaderData} />;
}
