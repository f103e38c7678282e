/**
 * Every act the audit log records, as `<area>.<verb>`. A new administrator action adds its name here and its words
 * in the admin catalogue (`admin.actions`, mapped in routes/admin/audit.tsx, which the type checker holds
 * complete), so the log never shows a name nobody can read.
 */
export type AdminAction =
  | "jobs.retry"
  | "board.category.add"
  | "board.category.rename"
  | "board.category.delete"
  | "board.category.replace"
  | "notice.announcement.create"
  | "notice.announcement.update"
  | "notice.announcement.delete"
  | "notice.faq.create"
  | "notice.faq.update"
  | "notice.faq.delete"
  | "notice.event.create"
  | "notice.event.update"
  | "notice.event.delete"
  | "meeting.no_show.decide"
  | "meeting.ban.lift"
  | "board.report.decide"
  | "member.suspend"
  | "member.lift"
  | "member.lockout.clear"
  | "member.sessions.end"
  | "support.inquiry.answer"
  | "motorcycle.report.accept"
  | "motorcycle.report.reject"
  | "motorcycle.catalogue.import"
  | "board.article.update"
  | "board.article.delete"
  | "board.comment.delete"
  | "market.listing.update"
  | "market.listing.delete"
  | "review.delete"
  | "meeting.chat_report.decide"
  | "meeting.record.read";
