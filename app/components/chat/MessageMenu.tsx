import Ellipsis from "lucide-react/icons/ellipsis";
import { lazy, Suspense } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "#app/components/ui/fields";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useT } from "#app/i18n/react";
import { CHAT_REPORT_REASON_MAX } from "#app/services/meetings/chat/chat.schema";
import type { FormError } from "#app/shell/auth.server";

const MessageMenuPopup = lazy(() =>
  import("./MessageMenuPopup").then((menu) => ({ default: menu.MessageMenuPopup })),
);

export type ReportAnswer = { ok?: true; notice?: string; error?: FormError };

export interface MessageMenuProps {
  messageId: number;
  /** The sender, named in the menu button's label. */
  nickname: string;
  actionPath: string;
}

export const menuButtonClass =
  "text-muted inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-[var(--surface-muted)] focus-visible:ring-2";

/** The report form of a message: a reason of at most 200 characters, posted to the room's action. */
export function ReportMessageForm({
  messageId,
  actionPath,
  fetcher,
}: {
  messageId: number;
  actionPath: string;
  fetcher: ReturnType<typeof useFetcher<ReportAnswer>>;
}) {
  const t = useT();
  const reasonId = `report-${messageId}`;
  return (
    <fetcher.Form method="post" action={actionPath} className="space-y-2" aria-label={t("chat.report.title")}>
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="messageId" value={messageId} />
      <label htmlFor={reasonId} className="block text-sm font-semibold">
        {t("chat.report.reason")}
      </label>
      <textarea
        id={reasonId}
        name="reason"
        required
        maxLength={CHAT_REPORT_REASON_MAX}
        rows={3}
        aria-describedby={`${reasonId}-hint`}
        className="surface w-full rounded-lg border border-subtle px-2 py-1 text-sm"
      />
      <p id={`${reasonId}-hint`} className="text-muted text-xs">
        {t("chat.report.reasonHint", { max: CHAT_REPORT_REASON_MAX })}
      </p>
      <FormAlert error={fetcher.data?.error} />
      <button type="submit" className="min-h-10 rounded-lg bg-rose-700 px-4 text-sm font-semibold text-white">
        {t("chat.report.submit")}
      </button>
    </fetcher.Form>
  );
}

/** Without JavaScript (and until the menu's script has loaded): a disclosure behind the same button, holding the form. */
function PlainMessageMenu({ messageId, nickname, actionPath }: MessageMenuProps) {
  const t = useT();
  const fetcher = useFetcher<ReportAnswer>();
  return (
    <details className="relative self-center">
      <summary className={`${menuButtonClass} list-none [&::-webkit-details-marker]:hidden`}>
        <Ellipsis aria-hidden className="size-4" />
        <span className="sr-only">{t("chat.menu.label", { nickname })}</span>
      </summary>
      <div className="surface absolute right-0 z-10 mt-1 w-64 rounded-lg border border-subtle p-3 shadow-lg">
        {fetcher.data?.ok ? (
          <p role="status" className="text-sm">
            {fetcher.data.notice}
          </p>
        ) : (
          <ReportMessageForm messageId={messageId} actionPath={actionPath} fetcher={fetcher} />
        )}
      </div>
    </details>
  );
}

/**
 * A message's menu button (beside another member's message): reporting the message lives there, not under every
 * bubble. A menu once the page is interactive; a disclosure with the form before that, so it works without it.
 */
export function MessageMenu(props: MessageMenuProps) {
  const hydrated = useHydrated();
  const plain = <PlainMessageMenu {...props} />;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <MessageMenuPopup {...props} />
    </Suspense>
  );
}
