import type { Route } from "./+types/comment";
import { Blinded } from "#app/components/board/Blinded";
import { PageLinks } from "#app/components/board/PageLinks";
import { MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listReceivedComments } from "#app/services/board/comments.server";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "comment.receivedPage.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const reader = await requireActor(request);
  const { db, clock } = getRuntime();
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listReceivedComments(db, reader, await blindedMemberIds(db, reader.id), { cursor });
  return {
    items: page.items,
    now: clock.now().toISOString(),
    nextCursor: page.nextCursor,
    later: Boolean(cursor),
  };
}

export default function ReceivedComments({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { items, nextCursor, later, now } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("comment.receivedPage.title")}</h1>
      {items.length === 0 ? (
        <p className="text-muted">{t("comment.receivedPage.empty")}</p>
      ) : (
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
          {items.map((item) => (
            <li key={item.id} className="px-4 py-3">
              <p className="text-muted text-xs">
                {item.type === "reply" ? t("comment.receivedPage.reply") : t("comment.receivedPage.comment")}{" "}
                · <Time at={item.createdAt} now={now} />
              </p>
              <LocalLink to={item.article.path} className="block truncate font-semibold hover:underline">
                {item.article.title}
              </LocalLink>
              <Blinded blinded={item.blinded} comment>
                <div className="mt-1 flex gap-2">
                  <Avatar name={item.author.nickname} src={item.author.avatarUrl} size="xs" />
                  <p className="min-w-0 text-sm">
                    <MemberMenu member={item.author} />{" "}
                    <span className="whitespace-pre-wrap break-words">{item.content}</span>
                  </p>
                </div>
              </Blinded>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        path="/my/comment"
        next={nextCursor}
        later={later}
        nextLabel={t("comment.receivedPage.more")}
        firstLabel={t("comment.receivedPage.first")}
      />
    </section>
  );
}
