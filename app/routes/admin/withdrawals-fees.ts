import { data } from "react-router";
import type { Route } from "./+types/withdrawals-fees";
import { languageFromPath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { businessFeesCsv } from "#app/services/settlement/settlement-pages.server";
import { taxMonthSchema } from "#app/services/settlement/withdrawal.schema";
import { domainAnswer } from "#app/shell/domain.server";
import { requireStaff } from "#app/shell/staff.server";
import { csvResponse } from "./withdrawals-export";

/**
 * GET /admin/withdrawals/fees.csv?month=YYYY-MM: the platform's fees per business member of the lines settled in
 * that Seoul month, for the tax invoices. Staff who handle money, after the step-up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = taxMonthSchema.safeParse(Object.fromEntries(url.searchParams));
  const { db } = getRuntime();
  try {
    if (!query.success) throw new DomainError("settlement", "month_invalid");
    const { csv } = await businessFeesCsv(db, actor, query.data.month);
    return csvResponse(csv, `business-fees-${query.data.month}.csv`);
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    throw data(body.message, { status });
  }
}
