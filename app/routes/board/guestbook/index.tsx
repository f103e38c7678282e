import type { Route } from "./+types/index";
import { BoardListView } from "#app/components/board/BoardListView";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { loadBoardList } from "../list-loader.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** /board/guestbook: members only, the same list as the boards without categories. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadBoardList(request, "guestbook", await requireViewer(request));
}

export default function Guestbook({ loaderData }: Route.ComponentProps) {
  return <BoardListView {...loaderData} />;
}
