import * as Menu from "@radix-ui/react-dropdown-menu";
import { useContext, useRef, useState } from "react";
import { Link, useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { callInteraction, InteractionFailure, loginPath } from "#app/components/board/interaction-api";
import { OpenReportDialog } from "#app/components/board/LazyReportDialog";
import { notify, notifyError } from "#app/shell/toasts";
import { ConfirmDialog } from "#app/components/ui/Dialog";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { loader as rootLoader } from "#app/root";
import { MemberBlindedContext, type MemberMenuProps } from "./MemberMenu";

interface Relation {
  blinded: boolean;
  pinned: boolean;
}

const itemClass =
  "flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-[var(--surface-muted)]";

/**
 * The menu behind a member's nickname once the page is interactive (MemberMenu.tsx decides when it shows): view the
 * profile, hide or unblind, pin or unpin, report; visitors get the profile link and a prompt to sign in.
 */
export function MemberMenuPopup({
  member,
  children,
  className,
}: MemberMenuProps & Required<Pick<MemberMenuProps, "className">>) {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const viewerId = useRouteLoaderData<typeof rootLoader>("root")?.session?.userId ?? null;
  const revalidator = useRevalidator();
  const onBlinded = useContext(MemberBlindedContext);
  const [relation, setRelation] = useState<Relation | "failed" | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingBlind, setConfirmingBlind] = useState(false);
  const [reporting, setReporting] = useState(false);
  // A dialog chosen in the menu opens once the menu has closed, so the two never hold focus at once.
  const next = useRef<"blind" | "report" | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const path = `/members/${encodeURIComponent(member.id)}`;

  async function load() {
    try {
      setRelation(
        await callInteraction<Relation>("GET", `${path}/relation`, language, t("members.menu.failed")),
      );
    } catch {
      setRelation("failed");
    }
  }

  async function change(method: "POST" | "DELETE", what: "blind" | "pin") {
    setBusy(true);
    try {
      const answer = await callInteraction<Relation & { message: string }>(
        method,
        `${path}/${what}`,
        language,
        t("comment.error.save_failed"),
      );
      setRelation({ blinded: answer.blinded, pinned: answer.pinned });
      notify(answer.message);
      // Unhiding applies from the next page on; hiding at once.
      if (what === "blind" && method === "POST") {
        if (onBlinded) onBlinded(member.id);
        else void revalidator.revalidate();
      }
    } catch (failure) {
      notifyError(failure instanceof InteractionFailure ? failure.message : t("comment.error.save_failed"));
    } finally {
      setBusy(false);
    }
  }

  const state = relation !== null && relation !== "failed" ? relation : null;
  return (
    <>
      {/* Not modal: a menu needs no focus trap, and the rest of the page stays in the accessibility tree. */}
      <Menu.Root
        modal={false}
        onOpenChange={(open) => {
          if (open && viewerId) void load();
        }}
      >
        <Menu.Trigger ref={trigger} className={`${className} cursor-pointer text-left`}>
          {children ?? member.nickname}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="start"
            sideOffset={4}
            className="surface z-50 min-w-44 rounded-lg border border-subtle p-1 shadow-lg"
            onCloseAutoFocus={(event) => {
              const chosen = next.current;
              if (!chosen) return;
              next.current = null;
              event.preventDefault();
              if (chosen === "blind") setConfirmingBlind(true);
              else setReporting(true);
            }}
          >
            <Menu.Item asChild className={itemClass}>
              <LocalLink to={`/profile/${encodeURIComponent(member.id)}`}>
                {t("members.menu.viewProfile")}
              </LocalLink>
            </Menu.Item>
            {!viewerId ? (
              <>
                <Menu.Separator className="my-1 h-px bg-[var(--border)]" />
                <Menu.Label className="text-muted max-w-60 px-3 py-1 text-xs">
                  {t("members.menu.signInPrompt")}
                </Menu.Label>
                <Menu.Item asChild className={itemClass}>
                  <Link to={loginPath(language, `${location.pathname}${location.search}`)}>
                    {t("members.menu.signIn")}
                  </Link>
                </Menu.Item>
              </>
            ) : relation === "failed" ? (
              <Menu.Item className={itemClass} disabled>
                {t("members.menu.failed")}
              </Menu.Item>
            ) : (
              // Until the relation arrives the items are there, disabled, so the menu does not grow under the
              // pointer when it does.
              <>
                <Menu.Item
                  className={itemClass}
                  disabled={busy || !state}
                  aria-busy={!state}
                  onSelect={() => state && void change(state.pinned ? "DELETE" : "POST", "pin")}
                >
                  {state?.pinned ? t("relations.unpin") : t("relations.pin")}
                </Menu.Item>
                <Menu.Item
                  className={itemClass}
                  disabled={busy || !state}
                  aria-busy={!state}
                  onSelect={() => {
                    if (state?.blinded) void change("DELETE", "blind");
                    else if (state) next.current = "blind";
                  }}
                >
                  {state?.blinded ? t("relations.unblind") : t("relations.blind")}
                </Menu.Item>
                <Menu.Item className={itemClass} onSelect={() => (next.current = "report")}>
                  {t("members.menu.report")}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirmingBlind}
        onOpenChange={setConfirmingBlind}
        onConfirm={() => void change("POST", "blind")}
        returnFocus={trigger}
        text={{
          title: t("members.relation.blindConfirm", { nickname: member.nickname }),
          description: t("members.relation.blindConfirmText"),
          action: t("relations.blind"),
        }}
      />
      {reporting ? (
        <OpenReportDialog
          heading={t("members.report.title", { nickname: member.nickname })}
          help={t("members.report.help")}
          endpoint={`${path}/report`}
          onClose={() => setReporting(false)}
          returnFocus={trigger}
        />
      ) : null}
    </>
  );
}
