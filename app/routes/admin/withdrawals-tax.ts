import { data } from "react-router";
import type { Route } from "./+types/withdrawals-tax";
import { languageFromPath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { withholdingCsv } from "#app/services/settlement/settlement-pages.server";
import { taxMonthSchema } from "#app/services/settlement/withdrawal.schema";
import { actingFrom } from "#app/shell/auth.server";
import { domainAnswer } from "#app/shell/domain.server";
import { requireStaff } from "#app/shell/staff.server";
import { csvResponse } from "./withdrawals-export";

/**
 * GET /admin/withdrawals/tax.csv?month=YYYY-MM: the month's withholding data (individuals' withdrawals paid in that
 * Seoul month, resident numbers opened for the filing; the opening audited). Staff who handle money, after the
 * step-up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = taxMonthSchema.safeParse(Object.fromEntries(url.searchParams));
  const { db, clock, config } = getRuntime();
  try {
    if (!query.success) throw new DomainError("settlement", "month_invalid");
    const { csv } = await withholdingCsv(
      db,
      clock,
      actor,
      config.personalDataKeys,
      query.data.month,
      actingFrom(request),
    );
    return csvResponse(csv, `withholding-${query.data.month}.csv`);
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    throw data(body.message, { status });
  }
}
