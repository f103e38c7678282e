import type { Widen } from "../widen";
import type { koPay } from "./pay.ko";

/** English messages of the local payment gateway's pages. */
export const enPay: Widen<typeof koPay> = {
  won: "₩{amount, number}",
  checkout: {
    title: "Payment",
    notice:
      "A local payment window for development and testing. No money moves, and only the test cards below are accepted.",
    order: "Order",
    orderName: "Item",
    customer: "Customer",
    amount: "Amount",
    card: "Card",
    cardNumber: "Card number",
    cardNumberHint: "The digits on the card (spaces and hyphens are optional)",
    expiry: "Expiry date",
    expiryHint: "Month and year, two digits each (e.g. 12/30)",
    pay: "Pay ₩{amount, number}",
    cancel: "Cancel payment",
    testCards: "Test cards",
    cardApproves: "Approved",
    cardDeclines: "Declined (over the limit or insufficient funds)",
    cardTimesOut: "Approved; the confirmation times out",
  },
  receipt: {
    title: "Payment receipt",
    orderName: "Item",
    orderId: "Order number",
    customer: "Customer",
    card: "Card",
    approvedAt: "Approved at",
    total: "Amount paid",
    balance: "Left after cancellations",
    state: "Status",
    cancels: "Cancellations",
    status: {
      READY: "Waiting for payment",
      IN_PROGRESS: "Waiting for approval",
      WAITING_FOR_DEPOSIT: "Waiting for deposit",
      DONE: "Paid",
      CANCELED: "Cancelled",
      PARTIAL_CANCELED: "Partly cancelled",
      ABORTED: "Failed",
      EXPIRED: "Expired",
    },
  },
  error: {
    cardNumberRequired: "Please enter the card number.",
    cardNumber: "Please check the card number.",
    expiryRequired: "Please enter the expiry date.",
    expiry: "Please enter the expiry date as MM/YY.",
    expired: "This card has expired. Please check the card details.",
  },
};
