import type { Widen } from "./widen";
import { koShell } from "./shell.ko";
import { koBoard } from "./areas/board.ko";
import { koComment } from "./areas/comment.ko";
import { koEditor } from "./areas/editor.ko";
import { koAlarm } from "./areas/alarm.ko";
import { koPace } from "./areas/pace.ko";
import { koNotice } from "./areas/notice.ko";
import { koSearch } from "./areas/search.ko";
import { koTime } from "./areas/time.ko";
import { koConsent } from "./areas/consent.ko";
import { koMembers } from "./areas/members.ko";
import { koDialog } from "./areas/dialog.ko";
import { koAdmin } from "./areas/admin.ko";
import { koJobs } from "./areas/jobs.ko";
import { koMachine } from "./areas/machine.ko";
import { koMarket } from "./areas/market.ko";
import { koMarketForm } from "./areas/marketForm.ko";
import { koMarketError } from "./areas/marketError.ko";
import { koMarketMine } from "./areas/marketMine.ko";
import { koMotorcycle } from "./areas/motorcycle.ko";
import { koReview } from "./areas/review.ko";
import { koSpark } from "./areas/spark.ko";
import { koGarage } from "./areas/garage.ko";
import { koReputation } from "./areas/reputation.ko";
import { koInspection } from "./areas/inspection.ko";
import { koTheft } from "./areas/theft.ko";
import { koServiceLog } from "./areas/serviceLog.ko";
import { koPartsFit } from "./areas/partsFit.ko";
import { koModelReport } from "./areas/modelReport.ko";
import { koRescue } from "./areas/rescue.ko";
import { koConduct } from "./areas/conduct.ko";
import { koChat } from "./areas/chat.ko";
import { koMeeting } from "./areas/meeting.ko";
import { koFinder } from "./areas/finder.ko";
import { koSkill } from "./areas/skill.ko";
import { koAuth } from "./areas/auth.ko";
import { koProfileForm } from "./areas/profileForm.ko";
import { koInquiry } from "./areas/inquiry.ko";
import { koHome } from "./areas/home.ko";
import { koRelations } from "./areas/relations.ko";
import { koPoint } from "./areas/point.ko";
import { koSetting } from "./areas/setting.ko";
import { koApi } from "./areas/api.ko";
import { koProfile } from "./areas/profile.ko";
import { koWelcome } from "./areas/welcome.ko";
import { koPolicy } from "./areas/policy.ko";
import { koPay } from "./areas/pay.ko";
import { koCoupon } from "./areas/coupon.ko";
import { koEarnings } from "./areas/earnings.ko";
import { koPayment } from "./areas/payment.ko";
import { koSettlementInfo } from "./areas/settlementInfo.ko";
import { koWithdrawal } from "./areas/withdrawal.ko";

/** Korean: the default language and the source of truth for every user-facing text. */
export const ko = {
  ...koShell,
  auth: koAuth,
  profileForm: koProfileForm,
  board: koBoard,
  comment: koComment,
  editor: koEditor,
  alarm: koAlarm,
  pace: koPace,
  notice: koNotice,
  search: koSearch,
  time: koTime,
  consent: koConsent,
  members: koMembers,
  dialog: koDialog,
  admin: koAdmin,
  jobs: koJobs,
  machine: koMachine,
  market: koMarket,
  marketForm: koMarketForm,
  marketError: koMarketError,
  marketMine: koMarketMine,
  motorcycle: koMotorcycle,
  review: koReview,
  spark: koSpark,
  garage: koGarage,
  reputation: koReputation,
  inspection: koInspection,
  theft: koTheft,
  serviceLog: koServiceLog,
  partsFit: koPartsFit,
  modelReport: koModelReport,
  skill: koSkill,
  finder: koFinder,
  meeting: koMeeting,
  chat: koChat,
  conduct: koConduct,
  rescue: koRescue,
  inquiry: koInquiry,
  home: koHome,
  relations: koRelations,
  point: koPoint,
  setting: koSetting,
  api: koApi,
  profile: koProfile,
  welcome: koWelcome,
  policy: koPolicy,
  pay: koPay,
  coupon: koCoupon,
  payment: koPayment,
  earnings: koEarnings,
  settlementInfo: koSettlementInfo,
  withdrawal: koWithdrawal,
} as const;

/** The shape every language must fill completely. */
export type Messages = Widen<typeof ko>;
