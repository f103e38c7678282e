import { Blinded } from "#app/components/board/Blinded";
import { MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ModelHit, PostHit, ProfileHit, ReviewHit, SearchHit } from "#app/services/search/types";
import { Highlight } from "./Highlight";

function PostHitItem({ hit, query, now }: { hit: PostHit; query: string; now: string }) {
  const t = useT();
  return (
    <Blinded blinded={hit.blinded}>
      <article className="space-y-1">
        <p className="text-xs font-semibold text-primary dark:text-[var(--link)]">{t(hit.placeKey)}</p>
        <h3 className="font-semibold">
          <LocalLink to={hit.path} className="hover:underline">
            <Highlight text={hit.title} query={query} />
          </LocalLink>
        </h3>
        {hit.snippet ? (
          <p className="text-muted line-clamp-2 text-sm">
            {hit.snippetCutStart ? "… " : null}
            <Highlight text={hit.snippet} query={query} />
            {hit.snippetCutEnd ? " …" : null}
          </p>
        ) : null}
        <p className="text-muted flex flex-wrap gap-x-3 text-xs">
          <MemberMenu member={hit.author} className="hover:underline" />
          <Time at={hit.createdAt} now={now} />
          <span>{t("search.likes", { count: hit.counts.likes })}</span>
          <span>{t("search.comments", { count: hit.counts.comments })}</span>
          <span>{t("search.views", { count: hit.counts.views })}</span>
        </p>
      </article>
    </Blinded>
  );
}

function ProfileHitItem({ hit, query }: { hit: ProfileHit; query: string }) {
  const t = useT();
  return (
    <div className="flex items-start gap-3">
      <Avatar name={hit.nickname} src={hit.avatarUrl} size="lg" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          <MemberMenu member={{ id: hit.memberId, nickname: hit.nickname }} className="hover:underline">
            <Highlight text={hit.nickname} query={query} />
          </MemberMenu>
          {hit.blinded ? (
            <span className="text-muted ml-2 rounded border border-subtle px-1.5 text-xs font-normal">
              {t("search.blindedMember")}
            </span>
          ) : null}
        </p>
        <Blinded blinded={hit.blinded}>
          <p className="text-muted line-clamp-2 text-sm">{hit.introduction || t("search.noIntroduction")}</p>
        </Blinded>
      </div>
    </div>
  );
}

/** A catalogue model: its names in the page's language (the other one small), maker, category and years. */
function ModelHitItem({ hit, query }: { hit: ModelHit; query: string }) {
  const t = useT();
  const language = useLanguage();
  const other = language === "ko" ? "en" : "ko";
  const name = { ko: hit.nameKo, en: hit.nameEn };
  return (
    <article className="space-y-1">
      <p className="text-xs font-semibold text-primary dark:text-[var(--link)]">
        {hit.manufacturer[language]} · {t(`motorcycle.category.${hit.category}`)}
      </p>
      <h3 className="font-semibold">
        <LocalLink to={hit.path} className="hover:underline">
          <Highlight text={name[language]} query={query} />
        </LocalLink>
        {name[other] !== name[language] ? (
          <span lang={other} className="text-muted ml-2 text-sm font-normal">
            <Highlight text={name[other]} query={query} />
          </span>
        ) : null}
      </h3>
      {hit.years.length ? (
        <p className="text-muted text-xs">
          {hit.years.map((year) => t("motorcycle.year", { year })).join(", ")}
        </p>
      ) : null}
    </article>
  );
}

/** An owner review: the model and year it is about, its text around the match, author, rating and sparks. */
function ReviewHitItem({ hit, query, now }: { hit: ReviewHit; query: string; now: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Blinded blinded={hit.blinded}>
      <article className="space-y-1">
        <p className="text-xs font-semibold text-primary dark:text-[var(--link)]">
          {hit.manufacturer[language]} · {t("motorcycle.year", { year: hit.year })}
        </p>
        <h3 className="font-semibold">
          <LocalLink to={hit.path} className="hover:underline">
            <Highlight text={hit.model[language]} query={query} />
          </LocalLink>
        </h3>
        {hit.snippet ? (
          <p className="text-muted line-clamp-2 text-sm">
            {hit.snippetCutStart ? "… " : null}
            <Highlight text={hit.snippet} query={query} />
            {hit.snippetCutEnd ? " …" : null}
          </p>
        ) : null}
        <p className="text-muted flex flex-wrap gap-x-3 text-xs">
          <MemberMenu member={hit.author} className="hover:underline" />
          <Time at={hit.createdAt} now={now} />
          <span>{t("motorcycle.model.reviewRating", { rating: hit.ratingAverage })}</span>
          <span>{t("motorcycle.sparks", { count: hit.sparkCount })}</span>
        </p>
      </article>
    </Blinded>
  );
}

/** `now` is the server's clock from the loader, for the hits' relative times. */
function SearchHitItem({ hit, query, now }: { hit: SearchHit; query: string; now: string }) {
  switch (hit.layout) {
    case "post":
      return <PostHitItem hit={hit} query={query} now={now} />;
    case "profile":
      return <ProfileHitItem hit={hit} query={query} />;
    case "model":
      return <ModelHitItem hit={hit} query={query} />;
    case "review":
      return <ReviewHitItem hit={hit} query={query} now={now} />;
  }
}

export function SearchHitList({ hits, query, now }: { hits: SearchHit[]; query: string; now: string }) {
  return (
    <ul className="divide-y divide-[var(--border)]">
      {hits.map((hit) => (
        <li key={hit.id} className="py-3" data-testid="search-hit">
          <SearchHitItem hit={hit} query={query} now={now} />
        </li>
      ))}
    </ul>
  );
}
