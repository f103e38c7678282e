import {
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CalendarX,
  Coins,
  CreditCard,
  Handshake,
  Heart,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  PartyPopper,
  ReceiptText,
  Reply,
  ShoppingBag,
  Sparkles,
  Ticket,
  Undo2,
  Wallet,
  type LucideIcon,
} from "lucide-react";
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
  chatMessage: MessagesSquare,
  spark: Sparkles,
  pointGift: Coins,
  coupon: Ticket,
  settlement: Wallet,
  marketComment: ShoppingBag,
};

/** The picture of a notification type; decorative, as the message says what happened. */
export function AlarmIcon({ type, className }: { type: string; className?: string }) {
  const Icon = icons[type as AlarmType] ?? Bell;
  return <Icon aria-hidden="true" className={className} />;
}
