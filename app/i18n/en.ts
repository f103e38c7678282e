import type { Messages } from "./ko";
import { enShell } from "./shell.en";
import { enBoard } from "./areas/board.en";
import { enComment } from "./areas/comment.en";
import { enEditor } from "./areas/editor.en";
import { enAlarm } from "./areas/alarm.en";
import { enPace } from "./areas/pace.en";
import { enNotice } from "./areas/notice.en";
import { enSearch } from "./areas/search.en";
import { enTime } from "./areas/time.en";
import { enConsent } from "./areas/consent.en";
import { enMembers } from "./areas/members.en";
import { enDialog } from "./areas/dialog.en";
import { enAdmin } from "./areas/admin.en";
import { enJobs } from "./areas/jobs.en";
import { enMachine } from "./areas/machine.en";
import { enMarket } from "./areas/market.en";
import { enMarketForm } from "./areas/marketForm.en";
import { enMarketError } from "./areas/marketError.en";
import { enMarketMine } from "./areas/marketMine.en";
import { enMotorcycle } from "./areas/motorcycle.en";
import { enReview } from "./areas/review.en";
import { enSpark } from "./areas/spark.en";
import { enGarage } from "./areas/garage.en";
import { enReputation } from "./areas/reputation.en";
import { enInspection } from "./areas/inspection.en";
import { enTheft } from "./areas/theft.en";
import { enServiceLog } from "./areas/serviceLog.en";
import { enPartsFit } from "./areas/partsFit.en";
import { enModelReport } from "./areas/modelReport.en";
import { enRescue } from "./areas/rescue.en";
import { enConduct } from "./areas/conduct.en";
import { enChat } from "./areas/chat.en";
import { enMeeting } from "./areas/meeting.en";
import { enFinder } from "./areas/finder.en";
import { enSkill } from "./areas/skill.en";
import { enAuth } from "./areas/auth.en";
import { enProfileForm } from "./areas/profileForm.en";
import { enInquiry } from "./areas/inquiry.en";
import { enHome } from "./areas/home.en";
import { enRelations } from "./areas/relations.en";
import { enPoint } from "./areas/point.en";
import { enSetting } from "./areas/setting.en";
import { enApi } from "./areas/api.en";
import { enProfile } from "./areas/profile.en";
import { enWelcome } from "./areas/welcome.en";
import { enPolicy } from "./areas/policy.en";
import { enPay } from "./areas/pay.en";
import { enCoupon } from "./areas/coupon.en";
import { enEarnings } from "./areas/earnings.en";
import { enPayment } from "./areas/payment.en";
import { enSettlementInfo } from "./areas/settlementInfo.en";
import { enWithdrawal } from "./areas/withdrawal.en";

export const en: Messages = {
  ...enShell,
  auth: enAuth,
  profileForm: enProfileForm,
  board: enBoard,
  comment: enComment,
  editor: enEditor,
  alarm: enAlarm,
  pace: enPace,
  notice: enNotice,
  search: enSearch,
  time: enTime,
  consent: enConsent,
  members: enMembers,
  dialog: enDialog,
  admin: enAdmin,
  jobs: enJobs,
  machine: enMachine,
  market: enMarket,
  marketForm: enMarketForm,
  marketError: enMarketError,
  marketMine: enMarketMine,
  motorcycle: enMotorcycle,
  review: enReview,
  spark: enSpark,
  garage: enGarage,
  reputation: enReputation,
  inspection: enInspection,
  theft: enTheft,
  serviceLog: enServiceLog,
  partsFit: enPartsFit,
  modelReport: enModelReport,
  skill: enSkill,
  finder: enFinder,
  meeting: enMeeting,
  chat: enChat,
  conduct: enConduct,
  rescue: enRescue,
  inquiry: enInquiry,
  home: enHome,
  relations: enRelations,
  point: enPoint,
  setting: enSetting,
  api: enApi,
  profile: enProfile,
  welcome: enWelcome,
  policy: enPolicy,
  pay: enPay,
  coupon: enCoupon,
  payment: enPayment,
  earnings: enEarnings,
  settlementInfo: enSettlementInfo,
  withdrawal: enWithdrawal,
};
