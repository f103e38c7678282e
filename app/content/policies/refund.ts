import type { LocalizedPolicy } from "./types";

export const refundPolicy: LocalizedPolicy = {
  ko: {
    title: "모토메이트 환불 정책",
    effectiveDate: "2026-12-01",
    summary:
      "재능 만남에서 결제한 금액을 언제, 어떻게 돌려받을 수 있는지, 만남이 끝난 뒤의 환불 요청을 관리자가 어떻게 판단하는지, 쿠폰과 환불 기간을 안내합니다.",
    sections: [
      {
        heading: "적용 범위",
        paragraphs: [
          "이 정책은 재능 만남(정비, 라이딩 코칭, 긴급 출동, 픽업 등)에서 전문가가 보낸 결제 요청을 신청자가 모토메이트를 통해 결제한 경우에 적용됩니다. 회원끼리 직접 주고받은 돈이나 중고거래 대금에는 적용되지 않습니다.",
          "결제한 금액은 만남이 끝날 때까지 회사가 보관하고, 만남이 끝난 뒤 8일 동안은 전문가의 정산 대기금으로 묶어 둡니다. 이 기간이 지나면 전문가가 출금할 수 있게 됩니다.",
        ],
      },
      {
        heading: "자동으로 전액 환불되는 경우",
        paragraphs: ["다음의 경우에는 따로 요청하지 않아도 결제한 금액 전부가 자동으로 환불됩니다."],
        items: [
          "만남 전에 예약이 취소된 경우: 신청자와 전문가 중 누가 취소했든 결제는 전액 취소됩니다.",
          "전문가의 노쇼가 확인된 경우: 노쇼 신고를 관리자가 검토해 전문가의 노쇼로 확정하면 남은 결제 금액 전부가 환불됩니다.",
        ],
      },
      {
        heading: "만남이 끝난 뒤의 환불 요청",
        paragraphs: [
          "만남이 끝난 뒤에는 신청자가 만남 종료 시각부터 8일 안에 한 번, 사유를 적어 환불을 요청할 수 있습니다. 사유는 반드시 적어야 하며 200자까지 쓸 수 있습니다. 요청은 내 만남 목록에서 보낼 수 있고, 보낸 뒤에는 고치거나 다시 보낼 수 없습니다.",
          "쿠폰으로 전액을 할인받아 카드로 결제한 금액이 없는 만남은 환불을 요청할 수 없습니다. 8일이 지나면 요청을 보낼 수 없습니다.",
          "요청을 보내면 대화방에 요청 사실과 사유가 표시되고 전문가에게 알림이 갑니다.",
        ],
      },
      {
        heading: "관리자의 판단",
        paragraphs: [
          "환불 요청은 결제·정산을 맡은 관리자가 대화 내용, 노쇼 신고, 양쪽의 설명을 확인해 판단합니다. 판단에는 언제나 사유를 남기며, 모든 처리는 감사 기록에 보관됩니다.",
        ],
        items: [
          "전액 환불: 약속한 서비스가 이루어지지 않았다고 판단되면 남은 결제 금액 전부를 환불합니다.",
          "부분 환불: 서비스의 일부만 이루어졌다고 판단되면 그 비율에 맞는 금액을 환불합니다. 이때 전문가의 정산 대기금과 회사의 수수료도 환불 금액의 비율만큼 함께 줄어듭니다.",
          "거절: 약속한 대로 서비스가 이루어졌다고 판단되면 요청을 거절합니다. 거절 사유는 대화방과 알림으로 신청자에게 알려 드립니다.",
        ],
      },
      {
        heading: "쿠폰",
        paragraphs: [
          "결제에 쓴 쿠폰은 결제가 전액 환불될 때 다시 사용할 수 있도록 돌려드립니다. 다만 쿠폰의 유효기간이 이미 지났다면 돌려드리지 않습니다.",
          "부분 환불에서는 쿠폰을 돌려드리지 않습니다. 환불 금액은 카드로 결제한 금액 안에서 정해지며, 쿠폰 할인액은 현금으로 돌려드리지 않습니다.",
        ],
      },
      {
        heading: "환불 시기",
        paragraphs: [
          "환불이 결정되면 회사는 바로 결제사에 카드 결제 취소를 요청합니다. 카드사에 따라 취소된 금액이 카드 명세서나 계좌에 반영되기까지 보통 영업일 기준 3~7일이 걸립니다.",
          "결제사의 사정으로 취소가 이루어지지 않으면 관리자가 확인해 다시 처리합니다. 환불 진행 상황은 설정의 구매 내역에서 볼 수 있습니다.",
        ],
      },
      {
        heading: "전문가의 정산 보류",
        paragraphs: [
          "환불 요청이 접수되면 관리자가 결정할 때까지 해당 만남의 정산 대기금은 전문가에게 지급되지 않고 보류됩니다. 8일의 보류 기간이 지나도 요청이 결정될 때까지는 출금할 수 없습니다.",
          "요청이 거절되면 보류가 풀리고, 부분 환불되면 남은 금액만 정산됩니다.",
        ],
      },
    ],
  },
  en: {
    title: "Moto Mate Refund Policy",
    effectiveDate: "2026-12-01",
    summary:
      "When and how a payment for a meeting is refunded, how an administrator decides a refund request made after a meeting, and what happens to coupons and how long a refund takes.",
    sections: [
      {
        heading: "Scope",
        paragraphs: [
          "This policy applies when a requester pays through Moto Mate for a payment request an expert sent in a meeting (repair, riding coaching, rescue, pickup and the like). It does not apply to money members hand each other directly, or to payments in the market.",
          "Moto Mate keeps the payment until the meeting ends, then holds it for 8 days as the expert's pending earnings. After that the expert can withdraw it.",
        ],
      },
      {
        heading: "Automatic full refunds",
        paragraphs: ["In these cases the whole payment is refunded without a request:"],
        items: [
          "The reservation is cancelled before the meeting: whoever cancelled it, the payment is cancelled in full.",
          "The expert's no-show is confirmed: when an administrator reviews a no-show report and confirms the expert did not come, all that is left of the payment is refunded.",
        ],
      },
      {
        heading: "Refund requests after a meeting",
        paragraphs: [
          "After a meeting ended, the requester can ask once for a refund, with a reason, within 8 days of the end. The reason is required and can be up to 200 characters. The request is sent from My meetings and cannot be changed or sent again.",
          "A meeting paid entirely with a coupon, with nothing charged to a card, cannot be refunded on request. After the 8 days, no request can be sent.",
          "When a request is sent, the chat shows it with its reason and the expert is notified.",
        ],
      },
      {
        heading: "How an administrator decides",
        paragraphs: [
          "A refund request is decided by an administrator in charge of payments, who reads the chat, any no-show report and what both sides say. Every decision carries a reason and is kept in the audit log.",
        ],
        items: [
          "Refund in full: when the service agreed on did not take place, all that is left of the payment is refunded.",
          "Refund in part: when only part of the service took place, an amount in proportion is refunded. The expert's pending earnings and Moto Mate's fee are reduced in the same proportion.",
          "Declined: when the service took place as agreed, the request is declined. The requester is told the reason in the chat and by a notification.",
        ],
      },
      {
        heading: "Coupons",
        paragraphs: [
          "A coupon used for the payment is given back when the payment is refunded in full, so that it can be used again, unless it has expired by then.",
          "A refund in part does not give the coupon back. Refunds are made out of what was charged to the card; a coupon's discount is never paid out in money.",
        ],
      },
      {
        heading: "When the money comes back",
        paragraphs: [
          "Once a refund is decided, Moto Mate asks the payment company to cancel the card payment at once. Depending on the card company, the refund usually shows on the card statement or account within 3 to 7 business days.",
          "If the payment company cannot make the refund, an administrator checks it and makes it again. The purchase history in Settings shows how each refund stands.",
        ],
      },
      {
        heading: "The expert's earnings on hold",
        paragraphs: [
          "While a refund request waits for a decision, the expert's pending earnings of that meeting are held and not paid out, even after the 8-day hold has passed.",
          "A declined request releases them; a refund in part releases what is left.",
        ],
      },
    ],
  },
};
