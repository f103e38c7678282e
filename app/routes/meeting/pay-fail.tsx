import type { Route } from "./+types/pay-fail";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { abandonCheckout } from "#app/services/payments/orders.server";
import { failedWindowSchema } from "#app/services/payments/window-return.schema";
import { roomOfOrder } from "#app/services/payments/window-return.server";
import { requireActor } from "#app/shell/auth.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.checkout.title" };

/**
 * /meeting/pay/fail: where the gateway's payment window returns a payment it did not take (a declined card, a
 * window closed). The order is closed (its coupon given back) and the member goes back to the meeting's room with
 * the gateway's message, where the payment panel lets them try again. An address naming no order of theirs goes to
 * their meetings.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const parsed = failedWindowSchema.safeParse(Object.fromEntries(url.searchParams));
  const closed = parsed.success ? await abandonCheckout(db, clock, actor, parsed.data) : null;
  if (!parsed.success || !closed)
    return redirectWithFlash(localizePath(language, "/my/meeting"), {
      key: "error.invalidAccess",
      type: "error",
    });
  const { code, message, orderId } = parsed.data;
  const room = await roomOfOrder(db, actor, orderId);
  return redirectWithFlash(localizePath(language, room ?? "/my/meeting"), {
    key: "payment.checkout.failed",
    params: { message: message || code },
    type: "error",
  });
}

/** Never shown: the address always answers with a redirect to the room. */
export default function PayFail() {
  const t = useT();
  return <p role="status">{t("payment.checkout.confirming")}</p>;
}
