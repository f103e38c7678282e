import { languageFromPath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import type { BoardListKind } from "#app/services/board/kinds";
import { listBoardArticles } from "#app/services/board/list.server";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { readListQuery } from "#app/shell/list-query.server";

/** What a board list page (a topic board, the total list or the guestbook) loads from its address. */
export async function loadBoardList(
  request: Request,
  kind: BoardListKind | "guestbook",
  viewer: SessionViewer | null,
) {
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const { sort, category, categories, q, cursor } = await readListQuery(
    db,
    url.searchParams,
    kind === "total" || kind === "guestbook" ? null : kind,
  );
  const reader = actorOf(viewer);
  const blinded = await blindedMemberIds(db, viewer?.id);
  const page = await listBoardArticles(db, reader, blinded, {
    kind,
    sort,
    categoryId: category?.id ?? null,
    q,
    cursor,
  });
  return {
    kind,
    sort,
    categories,
    category: category?.code ?? null,
    q,
    page,
    paged: Boolean(cursor),
    now: clock.now().toISOString(),
    signedIn: Boolean(viewer),
    pageTitle: translate(languageFromPath(url.pathname), `board.kind.${kind}`),
  };
}
