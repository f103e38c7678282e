import { data } from "react-router";
import type { Route } from "./+types/withdrawals-export";
import { languageFromPath } from "#app/i18n";
import { seoulDay } from "#app/platform/seoul-calendar";
import { getRuntime } from "#app/platform/runtime.server";
import { exportWithdrawals } from "#app/services/settlement/withdrawals.server";
import { actingFrom } from "#app/shell/auth.server";
import { domainAnswer } from "#app/shell/domain.server";
import { notFound } from "#app/shell/input.server";
import { requireStaff } from "#app/shell/staff.server";

/** A CSV download that no cache keeps. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * POST /admin/withdrawals/export.csv: the bank's bulk-transfer file of every requested withdrawal, which become
 * processing (ADR 064). Staff who handle money, after the step-up; the export is audited by the service.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock, config, payouts } = getRuntime();
  try {
    const { csv } = await exportWithdrawals(
      db,
      clock,
      actor,
      config.personalDataKeys,
      payouts.mode,
      actingFrom(request),
    );
    return csvResponse(csv, `withdrawals-${seoulDay(clock.now())}.csv`);
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    throw data(body.message, { status });
  }
}

export function loader(): never {
  notFound();
}
