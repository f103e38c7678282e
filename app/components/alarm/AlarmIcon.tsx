import type { LucideIcon } from "lucide-react";
import BadgeCheck from "lucide-react/icons/badge-check";
import BadgeX from "lucide-react/icons/badge-x";
import Bell from "lucide-react/icons/bell";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import BellRing from "lucide-react/icons/bell-ring";
import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import CalendarX from "lucide-react/icons/calendar-x";
import Coins from "lucide-react/icons/coins";
import CreditCard from "lucide-react/icons/credit-card";
import HandCoins from "lucide-react/icons/hand-coins";
import Handshake from "lucide-react/icons/handshake";
import Heart from "lucide-react/icons/heart";
import Megaphone from "lucide-react/icons/megaphone";
import MessageCircle from "lucide-react/icons/message-circle";
import MessagesSquare from "lucide-react/icons/messages-square";
import PartyPopper from "lucide-react/icons/party-popper";
import ReceiptText from "lucide-react/icons/receipt-text";
import Reply from "lucide-react/icons/reply";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Sparkles from "lucide-react/icons/sparkles";
import Star from "lucide-react/icons/star";
import Tag from "lucide-react/icons/tag";
import Ticket from "lucide-react/icons/ticket";
import Undo2 from "lucide-react/icons/undo-2";
import Wallet from "lucide-react/icons/wallet";
import CalendarOff from "lucide-react/icons/calendar-off";
import UserX from "lucide-react/icons/user-x";
import Gavel from "lucide-react/icons/gavel";
import Siren from "lucide-react/icons/siren";
import Truck from "lucide-react/icons/truck";
import CircleSlash from "lucide-react/icons/circle-slash";
import ShieldAlert from "lucide-react/icons/shield-alert";
import Wrench from "lucide-react/icons/wrench";
import type { AlarmType } from "#app/services/notifications/types";

const icons: Record<AlarmType, LucideIcon> = {
  comment: MessageCircle,
  reply: Reply,
  like: Heart,
  announcement: Megaphone,
  event: PartyPopper,
  meetingRequest: CalendarPlus,
  meetingReserved: CalendarCheck,
  meetingCancelled: CalendarX,
  meetingEnded: Handshake,
  meetingReminder: CalendarClock,
  paymentRequested: ReceiptText,
  paymentCompleted: CreditCard,
  refundRequested: Undo2,
  refundCompleted: Undo2,
  refundDeclined: Undo2,
  chatMessage: MessagesSquare,
  spark: Sparkles,
  pointGift: Coins,
  pointGiftSent: Coins,
  coupon: Ticket,
  settlement: Wallet,
  withdrawalPaid: Wallet,
  withdrawalFailed: Wallet,
  marketComment: ShoppingBag,
  marketOffer: HandCoins,
  marketOfferAccepted: BadgeCheck,
  marketOfferDeclined: BadgeX,
  marketStatus: Tag,
  marketKeyword: BellRing,
  marketReview: Star,
  motorcycleReportAccepted: BadgeCheck,
  motorcycleReportRejected: BadgeX,
  meetingExpired: CalendarOff,
  meetingFeedback: Star,
  noShowReported: UserX,
  noShowDecided: Gavel,
  rescueCall: Siren,
  rescueAccepted: Truck,
  rescueWithdrawn: CircleSlash,
  inspectionRequested: ClipboardCheck,
  inspectionAgreed: BadgeCheck,
  inspectionDeclined: BadgeX,
  inspectionReported: ClipboardCheck,
  inspectionPublished: ClipboardCheck,
  theftMatch: ShieldAlert,
  serviceDue: Wrench,
};

/** The picture of a notification type; decorative, as the message says what happened. */
export function AlarmIcon({ type, className }: { type: string; className?: string }) {
  const Icon = icons[type as AlarmType] ?? Bell;
  return <Icon aria-hidden="true" className={className} />;
}
