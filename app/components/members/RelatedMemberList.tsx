import { Form } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";

/** Hidden or pinned members, each with a confirmed button that undoes it. */
export function RelatedMemberList({
  members,
  empty,
  actionLabel,
  confirmText,
}: {
  members: { userId: string; nickname: string; since: string }[];
  empty: string;
  actionLabel: string;
  confirmText: (nickname: string) => string;
}) {
  const t = useT();
  if (members.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
      {members.map((member) => (
        <li key={member.userId} className="flex items-center justify-between gap-3 px-4 py-3">
          <span>
            <LocalLink to={`/profile/${member.userId}`} className="font-semibold hover:underline">
              {member.nickname}
            </LocalLink>{" "}
            <span className="text-muted text-sm">{t("relations.since", { date: member.since })}</span>
          </span>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(confirmText(member.nickname))) event.preventDefault();
            }}
          >
            <input type="hidden" name="userId" value={member.userId} />
            <button type="submit" className="min-h-9 rounded-md border border-subtle px-3 text-sm">
              {actionLabel}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
