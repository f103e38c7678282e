import type { Messages } from "./ko";
import { enShell } from "./shell.en";
import { enBoard } from "./areas/board.en";
import { enComment } from "./areas/comment.en";
import { enEditor } from "./areas/editor.en";
import { enAlarm } from "./areas/alarm.en";
import { enNotice } from "./areas/notice.en";
import { enSearch } from "./areas/search.en";
import { enTime } from "./areas/time.en";
import { enConsent } from "./areas/consent.en";
import { enMembers } from "./areas/members.en";
import { enDialog } from "./areas/dialog.en";
import { enJobs } from "./areas/jobs.en";
import { enMachine } from "./areas/machine.en";
import { enMarket } from "./areas/market.en";
import { enMotorcycle } from "./areas/motorcycle.en";
import { enReview } from "./areas/review.en";
import { enSpark } from "./areas/spark.en";
import { enGarage } from "./areas/garage.en";
import { enRescue } from "./areas/rescue.en";
import { enConduct } from "./areas/conduct.en";
import { enChat } from "./areas/chat.en";
import { enMeeting } from "./areas/meeting.en";
import { enFinder } from "./areas/finder.en";
import { enSkill } from "./areas/skill.en";
import { enAuth } from "./areas/auth.en";
import { enProfileForm } from "./areas/profileForm.en";

export const en: Messages = {
  ...enShell,
  auth: enAuth,
  profileForm: enProfileForm,
  board: enBoard,
  comment: enComment,
  editor: enEditor,
  alarm: enAlarm,
  notice: enNotice,
  search: enSearch,
  time: enTime,
  consent: enConsent,
  members: enMembers,
  dialog: enDialog,
  jobs: enJobs,
  machine: enMachine,
  market: enMarket,
  motorcycle: enMotorcycle,
  review: enReview,
  spark: enSpark,
  garage: enGarage,
  skill: enSkill,
  finder: enFinder,
  meeting: enMeeting,
  chat: enChat,
  conduct: enConduct,
  rescue: enRescue,
};
