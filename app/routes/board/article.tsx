import type { Route } from "./+types/article";
import { ArticlePageView } from "#app/components/board/ArticlePageView";
import { keepPageAfterRelationChange } from "#app/components/posts/PostPage";
import { getViewer } from "#app/platform/viewer.server";
import { isBoardListKind } from "#app/services/board/kinds";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { routeShareMeta } from "#app/shell/share";
import { articlePageAction, loadArticlePage } from "./article-page.server";
import { notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["expired-article"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** /board/{kind}/{boardId}: server-rendered for everybody; private articles only for their author and admins. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isBoardListKind(params.kind)) notFound();
  return loadArticlePage(request, params.boardId, params.kind, await getViewer(request));
}

export async function action({ request, params }: Route.ActionArgs) {
  return articlePageAction(request, params.boardId);
}

export const shouldRevalidate = keepPageAfterRelationChange;

/** The post's own share preview: its title, the start of its text and its first picture. */
export const meta: Route.MetaFunction = (args) =>
  routeShareMeta(args, args.loaderData && "share" in args.loaderData ? args.loaderData.share : null);

export default function BoardArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePageView data={loaderData} />;
}
