import type { Route } from "./+types/pay-success";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import { confirmCheckout } from "#app/services/payments/orders.server";
import { paidWindowSchema } from "#app/services/payments/window-return.schema";
import { roomOfOrder } from "#app/services/payments/window-return.server";
import { requireActor } from "#app/shell/auth.server";
import { answerOf } from "#app/shell/domain.server";
import type { Flash } from "#app/shell/flash";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.checkout.title" };

/** Where a member goes when the address names no order of theirs: their meetings. */
const MEETINGS_PATH = "/my/meeting";

/**
 * /meeting/pay/success: where the gateway's payment window returns a meeting's payment (ADR 061). The order the
 * address names is confirmed (the amount compared with the server's, the gateway asked to capture it) and the member
 * goes back to the meeting's room, told whether it is paid, still being confirmed, or refused with the gateway's
 * message. The confirmation is idempotent: the same address again (a refresh, the back button) changes nothing and
 * says what became of the order.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock, payments, logger } = getRuntime();
  const back = async (path: string | null, flash: Flash) =>
    redirectWithFlash(localizePath(language, path ?? MEETINGS_PATH), flash);
  const parsed = paidWindowSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return back(null, { key: "error.invalidAccess", type: "error" });
  const window = parsed.data;
  try {
    const outcome = await confirmCheckout(db, clock, payments, logger, actor, window);
    const room = await roomOfOrder(db, actor, window.orderId);
    switch (outcome.status) {
      case "paid":
        return back(room, { key: "payment.checkout.paid" });
      case "confirming":
        return back(room, { key: "payment.checkout.confirming" });
      case "failed":
        return back(room, {
          key: "payment.checkout.failed",
          params: { message: outcome.message.slice(0, 300) },
          type: "error",
        });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const room = await roomOfOrder(db, actor, window.orderId);
    return back(room, {
      key: answerOf(error.area, error.code).messageKey,
      params: error.params,
      type: "error",
    });
  }
}

/** Never shown: the address always answers with a redirect to the room. */
export default function PaySuccess() {
  const t = useT();
  return <p role="status">{t("payment.checkout.confirming")}</p>;
}
