import { useT } from "#app/i18n/react";
import type { BoxCoupon } from "#app/services/coupons/box.server";

/** What a coupon is good for, as the member's box and the console read it. */
type CouponTermsView = Pick<
  BoxCoupon,
  "discountKind" | "value" | "maxDiscount" | "minAmount" | "meetingKinds"
>;

/** A coupon's discount, the smallest amount it applies to, and the meetings it is for. */
export function CouponTerms({ coupon }: { coupon: CouponTermsView }) {
  const t = useT();
  const discount =
    coupon.discountKind === "won"
      ? t("coupon.discount.won", { amount: coupon.value })
      : coupon.maxDiscount === null
        ? t("coupon.discount.percent", { percent: coupon.value })
        : t("coupon.discount.percentCapped", { percent: coupon.value, cap: coupon.maxDiscount });
  return (
    <div className="space-y-0.5">
      <p className="text-lg font-extrabold text-primary dark:text-[var(--link)]">{discount}</p>
      <p className="text-muted text-sm">
        {coupon.minAmount > 0 ? t("coupon.minimum", { amount: coupon.minAmount }) : t("coupon.anyAmount")}
        {" · "}
        {t("coupon.kinds", {
          kinds: coupon.meetingKinds.map((kind) => t(`coupon.kind.${kind}`)).join(", "),
        })}
      </p>
    </div>
  );
}
