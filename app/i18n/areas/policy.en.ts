import type { Widen } from "../widen";
import type { koPolicy } from "./policy.ko";

/** English messages of the policies. */
export const enPolicy: Widen<typeof koPolicy> = {
  title: "Terms and policies",
  intro: "The terms and policies that apply when you use Moto Mate.",
  effectiveDate: "Effective {date}",
  contents: "Contents",
  backToList: "All policies",
};
