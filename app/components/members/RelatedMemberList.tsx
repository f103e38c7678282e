import { Form } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";

/** Hidden or pinned members, each with a confirmed button that undoes it. */
export function RelatedMemberList({
  members,
  empty,
  actionLabel,
  confirmText,
}: {
  /** `since` is the moment the member was hidden or pinned (ISO). */
  members: { userId: string; nickname: string; since: string }[];
  empty: string;
  actionLabel: string;
  confirmText: (nickname: string) => string;
}) {
  const t = useT();
  const language = useLanguage();
  if (members.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
      {members.map((member) => (
        <li key={member.userId} className="flex items-center justify-between gap-3 px-4 py-3">
          <span>
            <LocalLink to={`/profile/${member.userId}`} className="font-semibold hover:underline">
              {member.nickname}
            </LocalLink>{" "}
            <span className="text-muted text-sm">
              {t("relations.since", { date: formatDate(language, member.since) })}
            </span>
          </span>
          <Form method="post">
            <input type="hidden" name="userId" value={member.userId} />
            <ConfirmButton
              className="min-h-9 rounded-md border border-subtle px-3 text-sm"
              confirm={{ title: confirmText(member.nickname), action: actionLabel, tone: "primary" }}
            >
              {actionLabel}
            </ConfirmButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}
