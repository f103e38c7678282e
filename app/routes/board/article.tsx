import type { Route } from "./+types/article";
import { ArticlePageView, keepPageAfterRelationChange } from "#app/components/board/ArticlePageView";
import { getViewer } from "#app/platform/viewer.server";
import { isBoardListKind } from "#app/services/board/kinds";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { articlePageAction, loadArticlePage } from "./article-page.server";
import { pageNotFound } from "./list-loader.server";

const guards: GuardName[] = ["expired-article"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** /board/{kind}/{boardId}: server-rendered for everybody; private articles only for their author and admins. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isBoardListKind(params.kind)) pageNotFound(request);
  return loadArticlePage(request, params.boardId, params.kind, await getViewer(request));
}

export async function action({ request, params }: Route.ActionArgs) {
  return articlePageAction(request, params.boardId);
}

export const shouldRevalidate = keepPageAfterRelationChange;

export default function BoardArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePageView data={loaderData} />;
}
