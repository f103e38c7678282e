import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/keep";
import { Blinded } from "#app/components/board/Blinded";
import { PageLinks } from "#app/components/board/PageLinks";
import { MemberMenu } from "#app/components/members/MemberMenu";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { languageFromPath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { keptArticleForm } from "#app/services/board/reactions.schema";
import { listKeeps, unkeepArticle } from "#app/services/board/reactions.server";
import { DomainError } from "#app/services/errors";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { requireActor } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "comment.keepPage.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const reader = await requireActor(request);
  const { db } = getRuntime();
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listKeeps(db, reader, await blindedMemberIds(db, reader.id), { cursor });
  return {
    items: page.items,
    nextCursor: page.nextCursor,
    later: Boolean(cursor),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const submission = parseSubmission(await readForm(request), keptArticleForm);
  if (submission.status !== "success")
    return refusedForm(languageFromPath(new URL(request.url).pathname), submission);
  const { articleId } = submission.value;
  // Removing a keep that is already gone (or never was: no such post) changes nothing; the list is loaded again.
  if (articleId === null) return null;
  await unkeepArticle(getRuntime().db, actor, articleId).catch((error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
  });
  return null;
}

export default function KeptArticles({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const navigation = useNavigation();
  const { items, nextCursor, later } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("comment.keepPage.title")}</h1>
      {items.length === 0 ? (
        <p className="text-muted">{t("comment.keepPage.empty")}</p>
      ) : (
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
          {items.map((item) => (
            <li key={item.articleId} className="flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 flex-1 space-y-1">
                {item.state === "readable" ? (
                  <Blinded blinded={item.blinded}>
                    <LocalLink to={item.path} className="block truncate font-semibold hover:underline">
                      {item.title}
                    </LocalLink>
                    <p className="text-muted text-xs">
                      <MemberMenu
                        member={{ id: item.authorId, nickname: item.authorNickname }}
                        className="hover:underline"
                      />{" "}
                      · {t("comment.keepPage.stats", { likes: item.likeCount, comments: item.commentCount })}
                    </p>
                  </Blinded>
                ) : (
                  <p className="text-muted font-semibold" data-state={item.state}>
                    {item.state === "deleted" ? t("comment.keepPage.deleted") : t("comment.keepPage.private")}
                  </p>
                )}
                <p className="text-muted text-xs">
                  {t("comment.keepPage.keptOn", { date: formatDate(language, item.keptAt) })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="articleId" value={item.articleId} />
                <ConfirmButton
                  disabled={navigation.state === "submitting"}
                  className="min-h-9 shrink-0 rounded-md border border-subtle px-3 text-sm"
                  confirm={{
                    title: t("comment.keepPage.unkeepConfirm"),
                    action: t("comment.keepPage.unkeep"),
                    tone: "primary",
                  }}
                >
                  {t("comment.keepPage.unkeep")}
                </ConfirmButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        path="/my/keep"
        next={nextCursor}
        later={later}
        nextLabel={t("comment.keepPage.more")}
        firstLabel={t("comment.keepPage.first")}
      />
    </section>
  );
}
