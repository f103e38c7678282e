import type { Widen } from "./widen";
import { koShell } from "./shell.ko";
import { koBoard } from "./areas/board.ko";
import { koComment } from "./areas/comment.ko";
import { koEditor } from "./areas/editor.ko";
import { koAlarm } from "./areas/alarm.ko";
import { koNotice } from "./areas/notice.ko";
import { koSearch } from "./areas/search.ko";
import { koTime } from "./areas/time.ko";
import { koConsent } from "./areas/consent.ko";
import { koMembers } from "./areas/members.ko";
import { koDialog } from "./areas/dialog.ko";
import { koJobs } from "./areas/jobs.ko";
import { koMachine } from "./areas/machine.ko";
import { koMarket } from "./areas/market.ko";
import { koMotorcycle } from "./areas/motorcycle.ko";
import { koReview } from "./areas/review.ko";
import { koSpark } from "./areas/spark.ko";
import { koGarage } from "./areas/garage.ko";
import { koRescue } from "./areas/rescue.ko";
import { koConduct } from "./areas/conduct.ko";
import { koChat } from "./areas/chat.ko";
import { koMeeting } from "./areas/meeting.ko";
import { koFinder } from "./areas/finder.ko";
import { koSkill } from "./areas/skill.ko";
import { koAuth } from "./areas/auth.ko";
import { koProfileForm } from "./areas/profileForm.ko";

/** Korean: the default language and the source of truth for every user-facing text. */
export const ko = {
  ...koShell,
  auth: koAuth,
  profileForm: koProfileForm,
  board: koBoard,
  comment: koComment,
  editor: koEditor,
  alarm: koAlarm,
  notice: koNotice,
  search: koSearch,
  time: koTime,
  consent: koConsent,
  members: koMembers,
  dialog: koDialog,
  jobs: koJobs,
  machine: koMachine,
  market: koMarket,
  motorcycle: koMotorcycle,
  review: koReview,
  spark: koSpark,
  garage: koGarage,
  skill: koSkill,
  finder: koFinder,
  meeting: koMeeting,
  chat: koChat,
  conduct: koConduct,
  rescue: koRescue,
} as const;

/** The shape every language must fill completely. */
export type Messages = Widen<typeof ko>;
