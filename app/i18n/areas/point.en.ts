import type { Widen } from "../widen";
import type { koPoint } from "./point.ko";

/** English messages of points. */
export const enPoint: Widen<typeof koPoint> = {
  title: "Points",
  balance: "Your points",
  amount: "{amount}P",
  tabs: "Point history filter",
  total: "All",
  earn: "Earned",
  use: "Used",
  empty: "No point history yet.",
  history: "Point history",
  more: "Show more",
  from: "{nickname}",
  system: "Moto Mate",
  useComingSoon: "Exchanging points for goods is coming soon.",
  kind: {
    welcome_grant: "Welcome gift",
    gift: "Gift",
    use: "Used",
    review_reward: "Review reward",
    report_reward: "Model report reward",
    feedback_reward: "Meeting feedback reward",
    adjustment: "Adjustment",
    payment_captured: "Payment received",
    meeting_settled: "Meeting earnings",
    refund: "Refund",
    hold_released: "Released for withdrawal",
    withdrawal: "Withdrawal",
    reversal: "Reversed",
    other: "Other",
  },
};
