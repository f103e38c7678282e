import * as Menu from "@radix-ui/react-dropdown-menu";
import Ellipsis from "lucide-react/icons/ellipsis";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "#app/components/ui/Dialog";
import { useT } from "#app/i18n/react";
import { notify } from "#app/shell/toasts";
import { menuButtonClass, ReportMessageForm, type MessageMenuProps, type ReportAnswer } from "./MessageMenu";

const itemClass =
  "flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm outline-none select-none data-[highlighted]:bg-[var(--surface-muted)]";

/** The message's menu once the page is interactive (MessageMenu.tsx decides when): report, in a dialog. */
export function MessageMenuPopup({ messageId, nickname, actionPath }: MessageMenuProps) {
  const t = useT();
  const fetcher = useFetcher<ReportAnswer>();
  const [reporting, setReporting] = useState(false);
  // The dialog opens once the menu has closed, so the two never hold focus at once.
  const next = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const done = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null;
  // A report taken closes the dialog (adjusted while rendering) and says so in a toast.
  const [closedFor, setClosedFor] = useState(done);
  if (done !== closedFor) {
    setClosedFor(done);
    if (done) setReporting(false);
  }
  useEffect(() => {
    if (done?.notice) notify(done.notice);
  }, [done]);
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger ref={trigger} className={`${menuButtonClass} self-center`}>
          <Ellipsis aria-hidden className="size-4" />
          <span className="sr-only">{t("chat.menu.label", { nickname })}</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={4}
            className="surface z-50 min-w-40 rounded-lg border border-subtle p-1 shadow-lg"
            onCloseAutoFocus={(event) => {
              if (!next.current) return;
              next.current = false;
              event.preventDefault();
              setReporting(true);
            }}
          >
            <Menu.Item className={itemClass} onSelect={() => (next.current = true)}>
              {t("chat.report.action")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <Dialog
        open={reporting}
        onOpenChange={setReporting}
        title={t("chat.report.title")}
        description={t("chat.report.help", { nickname })}
        returnFocus={trigger}
      >
        <ReportMessageForm messageId={messageId} actionPath={actionPath} fetcher={fetcher} />
      </Dialog>
    </>
  );
}
