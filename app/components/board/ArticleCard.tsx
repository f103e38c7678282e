import Heart from "lucide-react/icons/heart";
import Lock from "lucide-react/icons/lock";
import MessageCircle from "lucide-react/icons/message-circle";
import { MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { articlePath } from "#app/services/board/kinds";
import type { ArticleListRow } from "#app/services/board/list.server";
import { Blinded } from "./Blinded";

/**
 * One row of a board list: thumbnail, title, preview, then category, author, time and counts. Another member's
 * private article shows no title, preview or picture; a hidden member's row is blinded.
 */
export function ArticleCard({
  row,
  now,
  showBoard = false,
}: {
  row: ArticleListRow;
  now: string;
  /** The total list names each row's board. */
  showBoard?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const place = [
    showBoard ? t(`board.kind.${row.kind}`) : null,
    row.category ? row.category[language] : null,
  ].filter(Boolean);
  return (
    <li className="border-b border-subtle py-3 last:border-b-0">
      <Blinded blinded={row.blinded}>
        <article className="flex gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            {place.length > 0 ? (
              <p className="text-muted text-xs font-semibold">{place.join(" · ")}</p>
            ) : null}
            <h2 className="text-base font-bold leading-snug">
              <LocalLink
                to={articlePath(row.kind, row.id)}
                className="line-clamp-2 hover:underline focus-visible:underline"
              >
                {row.locked ? (
                  <span className="text-muted inline-flex items-center gap-1">
                    <Lock className="size-4" aria-hidden="true" />
                    {t("board.list.privateTitle")}
                  </span>
                ) : (
                  <>
                    {row.isPrivate ? (
                      <Lock
                        className="mr-1 inline size-4 align-[-2px]"
                        aria-label={t("board.list.private")}
                      />
                    ) : null}
                    {row.title}
                  </>
                )}
              </LocalLink>
            </h2>
            {row.preview ? (
              <p className="text-muted line-clamp-2 text-sm break-words">{row.preview}</p>
            ) : null}
            <p className="text-muted flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              <span className="inline-flex items-center gap-1">
                <Avatar name={row.author.nickname} src={row.author.avatarUrl} size="2xs" />
                <MemberMenu member={row.author} className="hover:underline" />
              </span>
              <Time at={row.createdAt} now={now} />
              <span className="inline-flex items-center gap-1">
                <Heart className="size-3.5" aria-hidden="true" />
                {t("board.list.likes", { count: row.likeCount })}
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-3.5" aria-hidden="true" />
                {t("board.list.comments", { count: row.commentCount })}
              </span>
            </p>
          </div>
          {row.thumbnailUrl ? (
            <img
              src={row.thumbnailUrl}
              alt=""
              loading="lazy"
              className="size-20 shrink-0 rounded-lg object-cover sm:size-24"
            />
          ) : null}
        </article>
      </Blinded>
    </li>
  );
}
