import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { Pager } from "#app/components/notice/Pager";
import { languageFromPath, type MessageKey } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import type { AdminAction } from "#app/services/admin/actions";
import { searchAdminAudit } from "#app/services/admin/audit.server";
import { auditQuerySchema } from "#app/services/admin/audit.schema";
import type { StaffRole } from "#app/services/permissions";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "admin.audit.title" };

/** The words of each action the log records. */
const actionNames = {
  "jobs.retry": "admin.actions.jobs_retry",
  "board.article.update": "admin.actions.board_article_update",
  "board.article.delete": "admin.actions.board_article_delete",
  "board.comment.delete": "admin.actions.board_comment_delete",
  "market.listing.update": "admin.actions.market_listing_update",
  "market.listing.delete": "admin.actions.market_listing_delete",
  "market.theft_hold.release": "theft.admin.audit.release",
  "market.theft_hold.keep": "theft.admin.audit.keep",
  "review.delete": "admin.actions.review_delete",
  "meeting.chat_report.decide": "admin.actions.meeting_chat_report_decide",
  "meeting.record.read": "admin.actions.meeting_record_read",
  "board.category.add": "admin.actions.board_category_add",
  "board.category.rename": "admin.actions.board_category_rename",
  "board.category.delete": "admin.actions.board_category_delete",
  "board.category.replace": "admin.actions.board_category_replace",
  "notice.announcement.create": "admin.actions.notice_announcement_create",
  "notice.announcement.update": "admin.actions.notice_announcement_update",
  "notice.announcement.delete": "admin.actions.notice_announcement_delete",
  "notice.faq.create": "admin.actions.notice_faq_create",
  "notice.faq.update": "admin.actions.notice_faq_update",
  "notice.faq.delete": "admin.actions.notice_faq_delete",
  "notice.event.create": "admin.actions.notice_event_create",
  "notice.event.update": "admin.actions.notice_event_update",
  "notice.event.delete": "admin.actions.notice_event_delete",
  "meeting.no_show.decide": "admin.actions.meeting_no_show_decide",
  "meeting.ban.lift": "admin.actions.meeting_ban_lift",
  "board.report.decide": "admin.actions.board_report_decide",
  "member.suspend": "admin.actions.member_suspend",
  "member.lift": "admin.actions.member_lift",
  "member.lockout.clear": "admin.actions.member_lockout_clear",
  "member.sessions.end": "admin.actions.member_sessions_end",
  "support.inquiry.answer": "admin.actions.support_inquiry_answer",
  "motorcycle.report.accept": "admin.actions.motorcycle_report_accept",
  "motorcycle.report.reject": "admin.actions.motorcycle_report_reject",
  "motorcycle.catalogue.import": "admin.actions.motorcycle_catalogue_import",
  "coupon.create": "admin.actions.coupon_create",
  "coupon.end": "admin.actions.coupon_end",
  "coupon.issue": "admin.actions.coupon_issue",
  "payment.reconcile.run": "admin.actions.payment_reconcile_run",
  "payment.refund.decide": "admin.actions.payment_refund_decide",
  "earnings.reverse": "admin.actions.earnings_reverse",
  "earnings.adjust": "admin.actions.earnings_adjust",
  "settlement.info.review": "admin.actions.settlement_info_review",
  "settlement.password.unlock": "admin.actions.settlement_password_unlock",
  "withdrawal.hold": "admin.actions.withdrawal_hold",
  "withdrawal.unhold": "admin.actions.withdrawal_unhold",
  "withdrawal.export": "admin.actions.withdrawal_export",
  "withdrawal.paid": "admin.actions.withdrawal_paid",
  "withdrawal.failed": "admin.actions.withdrawal_failed",
  "withdrawal.tax.export": "admin.actions.withdrawal_tax_export",
} as const satisfies Record<AdminAction, MessageKey>;

const isKnownAction = (action: string): action is AdminAction => Object.hasOwn(actionNames, action);

/** The words of each staff role the log records. */
const roleNames = {
  admin: "admin.roles.admin",
  moderator: "admin.roles.moderator",
  finance: "admin.roles.finance",
} as const satisfies Record<StaffRole, MessageKey>;

const isStaffRoleName = (role: string): role is StaffRole => Object.hasOwn(roleNames, role);

/** A before/after summary as one line: `kind: mail.send, attempts: 5`. */
function summary(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  return Object.entries(value as Record<string, unknown>)
    .map(([key, field]) => `${key}: ${typeof field === "string" ? field : JSON.stringify(field)}`)
    .join(", ");
}

/** The audit log for administrators (with two-step verification), searched by who, what and when; 404 for others. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "read:audit");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = auditQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { rows, hasNext } = await searchAdminAudit(getRuntime().db, actor, query);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({
      id: row.id,
      at: formatDateTime(language, row.at),
      adminName: row.adminName,
      role: row.role,
      action: row.action,
      subjectKind: row.subjectKind,
      subjectId: row.subjectId,
      reason: row.reason ?? "",
      before: summary(row.before),
      after: summary(row.after),
      address: row.address ?? "",
    })),
  };
}

const field = "min-h-11 w-full rounded-lg border border-subtle bg-[var(--surface)] px-3";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, rows, hasNext } = loaderData;
  const kept: Record<string, string> = {};
  for (const name of ["admin", "kind", "subject", "from", "to"] as const) {
    const value = query[name];
    if (value) kept[name] = value;
  }
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("admin.audit.title")}</h1>
      <p className="text-muted text-sm">{t("admin.audit.text")}</p>
      <Form
        method="get"
        className="space-y-3 rounded-xl border border-subtle p-4"
        aria-label={t("admin.audit.filter")}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="space-y-1 text-sm font-semibold">
            <span>{t("admin.audit.admin")}</span>
            <input name="admin" defaultValue={query.admin ?? ""} className={field} />
          </label>
          <label className="space-y-1 text-sm font-semibold">
            <span>{t("admin.audit.kind")}</span>
            <input
              name="kind"
              defaultValue={query.kind ?? ""}
              placeholder={t("admin.audit.kindHint")}
              className={field}
            />
          </label>
          <label className="space-y-1 text-sm font-semibold">
            <span>{t("admin.audit.subject")}</span>
            <input name="subject" defaultValue={query.subject ?? ""} className={field} />
          </label>
          <label className="space-y-1 text-sm font-semibold">
            <span>{t("admin.audit.from")}</span>
            <input type="date" name="from" defaultValue={query.from ?? ""} className={field} />
          </label>
          <label className="space-y-1 text-sm font-semibold">
            <span>{t("admin.audit.to")}</span>
            <input type="date" name="to" defaultValue={query.to ?? ""} className={field} />
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("admin.audit.search")}
          </button>
          <LocalLink
            to="/admin/audit"
            className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("admin.audit.reset")}
          </LocalLink>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">{t("admin.audit.empty")}</p>
      ) : (
        <ol className="space-y-3" data-testid="audit-rows">
          {rows.map((row) => (
            <li key={row.id} className="space-y-1 rounded-xl border border-subtle p-4 text-sm">
              <p className="font-semibold">
                {isKnownAction(row.action) ? t(actionNames[row.action]) : row.action}
              </p>
              <p>
                {t("admin.audit.by", {
                  name: row.adminName,
                  role: isStaffRoleName(row.role) ? t(roleNames[row.role]) : row.role,
                })}{" "}
                · {t("admin.audit.subjectOf", { kind: row.subjectKind, id: row.subjectId })}
              </p>
              <p className="text-muted text-xs">
                <time>{row.at}</time>
                {row.address ? <> · {t("admin.audit.address", { address: row.address })}</> : null}
              </p>
              {row.reason ? (
                <p>
                  {t("admin.audit.reason")}: {row.reason}
                </p>
              ) : null}
              {row.before ? (
                <p className="break-all">
                  {t("admin.audit.before")}: {row.before}
                </p>
              ) : null}
              {row.after ? (
                <p className="break-all">
                  {t("admin.audit.after")}: {row.after}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager path="/admin/audit" query={kept} page={query.page} hasNext={hasNext} />
    </section>
  );
}
