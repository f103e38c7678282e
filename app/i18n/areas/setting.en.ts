import type { Widen } from "../widen";
import type { koSetting } from "./setting.ko";

/** English messages of the settings page. */
export const enSetting: Widen<typeof koSetting> = {
  title: "Settings",
  account: "Sign-in and security",
  profile: "My profile",
  hidden: "Hidden members",
  pinned: "Pinned members",
  points: "Points",
  display: "Display and language",
  support: "Support",
  customer: "Customer center",
  customerHours: "Weekdays 10:00–18:00 KST (lunch 12:00–13:00; closed on weekends and public holidays)",
  customerEmail: "E-mail help@motomate.kr",
  customerEmailAddress: "help@motomate.kr",
  inquiry: "1:1 inquiry",
  policies: "Terms and policies",
  version: "Version {version}",
  versionBuilt: "Version {version} (built {date})",
  skills: "Skill management",
  console: "Operator console",
  payments: "Payments and payouts",
  purchases: "Purchase history",
  payoutAccount: "Payout account",
  payoutPassword: "Payout password",
  withdraw: "Withdraw from Moto Mate",
};
