import { languageFromPath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import type { BoardListKind } from "#app/services/board/kinds";
import { listBoardArticles, searchWords, type ListSort } from "#app/services/board/list.server";
import { blindedMemberIds } from "#app/services/members/relations.server";

/** What a board list page (a topic board, the total list or the guestbook) loads from its address. */
export async function loadBoardList(
  request: Request,
  kind: BoardListKind | "guestbook",
  viewer: SessionViewer | null,
) {
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const sort: ListSort = url.searchParams.get("sort") === "popular" ? "popular" : "latest";
  const categories = kind === "total" || kind === "guestbook" ? [] : await listCategories(db, kind);
  const category = categories.find((item) => item.code === url.searchParams.get("category")) ?? null;
  const q = searchWords(url.searchParams.get("q"));
  const cursor = url.searchParams.get("cursor");
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
    categories: categories.map((item) => ({ code: item.code, ko: item.nameKo, en: item.nameEn })),
    category: category?.code ?? null,
    q,
    page,
    paged: Boolean(cursor),
    now: clock.now().toISOString(),
    signedIn: Boolean(viewer),
    pageTitle: translate(languageFromPath(url.pathname), `board.kind.${kind}`),
  };
}
