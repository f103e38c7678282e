import type { Route } from "./+types/article";
import { ArticlePageView } from "#app/components/board/ArticlePageView";
import { keepPageAfterRelationChange } from "#app/components/posts/PostPage";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { routeShareMeta } from "#app/shell/share";
import { articlePageAction, loadArticlePage } from "../article-page.server";

const guards: GuardName[] = ["auth", "expired-article"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** /board/guestbook/{boardId}: members only, the same page as a board post. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadArticlePage(request, params.boardId, "guestbook", await requireViewer(request));
}

export async function action({ request, params }: Route.ActionArgs) {
  return articlePageAction(request, params.boardId);
}

export const shouldRevalidate = keepPageAfterRelationChange;

/** The post's own share preview: its title, the start of its text and its first picture. */
export const meta: Route.MetaFunction = (args) =>
  routeShareMeta(args, args.loaderData && "share" in args.loaderData ? args.loaderData.share : null);

export default function GuestbookArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePageView data={loaderData} />;
}
