import type { Widen } from "../widen";
import type { koMembers } from "./members.ko";

/** English messages of the members area. */
export const enMembers: Widen<typeof koMembers> = {
  relation: {
    pinned: "You have pinned this member.",
    unpinned: "The member is no longer pinned.",
    unblinded: "The member is no longer hidden.",
    blindConfirm: "Hide {nickname}?",
    blindConfirmText:
      "Their posts and comments will be blinded for you. You can unblind them from their profile or from Hidden members in the settings.",
  },
  missing: {
    title: "This user does not exist",
    text: "The member has left, or the address is wrong.",
    home: "Go home",
  },
  menu: {
    viewProfile: "View profile",
    report: "Report member",
    signInPrompt: "Sign in to hide, pin or report members.",
    signIn: "Sign in",
    failed: "Could not load this member.",
  },
  report: {
    title: "Report {nickname}",
    help: "Tell us why. An administrator will review the report.",
  },
  error: {
    report_self: "You cannot report yourself.",
    report_target_member: "A member report can only be closed as handled or as no problem.",
  },
  admin: {
    member: "Member",
    reported: "Reported member {nickname}",
    resolve: "Handled",
    resolveConfirm:
      "Close the reports about this member as handled? Other reports about the same member close too.",
    resolved: "The member reports are closed as handled.",
    openProfile: "View profile",
    gone: "This member has left.",
  },
};
