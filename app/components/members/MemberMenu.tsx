import { createContext, lazy, Suspense, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { LocalLink } from "#app/i18n/react";
import type { loader as rootLoader } from "#app/root";

/**
 * What a page does once the viewer hid a member from a menu. By default the page reloads its data, so the member's
 * content is blinded at once; the post page blinds in place instead, as reloading it would count another view.
 */
export const MemberBlindedContext = createContext<((memberId: string) => void) | null>(null);

const MemberMenuPopup = lazy(() =>
  import("./MemberMenuPopup").then((menu) => ({ default: menu.MemberMenuPopup })),
);

export interface MemberMenuProps {
  member: { id: string; nickname: string };
  /** What the trigger shows; the nickname unless told. */
  children?: ReactNode;
  className?: string;
}

/**
 * A member's nickname that opens their menu: view the profile, hide or unblind, pin or unpin, report. The viewer's
 * own name is plain text. Until the page's scripts run and the menu's own have loaded after them (or without
 * JavaScript), the nickname is the plain link to the profile.
 */
export function MemberMenu({
  member,
  children,
  className = "font-semibold hover:underline",
}: MemberMenuProps) {
  const viewerId = useRouteLoaderData<typeof rootLoader>("root")?.session?.userId ?? null;
  const hydrated = useHydrated();

  if (viewerId === member.id) return <span className={className}>{children ?? member.nickname}</span>;
  const profileLink = (
    <LocalLink to={`/profile/${encodeURIComponent(member.id)}`} className={className}>
      {children ?? member.nickname}
    </LocalLink>
  );
  if (!hydrated) return profileLink;
  return (
    <Suspense fallback={profileLink}>
      <MemberMenuPopup member={member} className={className}>
        {children}
      </MemberMenuPopup>
    </Suspense>
  );
}
