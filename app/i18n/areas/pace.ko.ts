/** Korean messages of the pace of actions that reach other members (part of the catalogue in ../ko.ts). */
export const koPace = {
  error: {
    too_many_listings:
      "매물은 1시간에 {limit, number}개까지 올릴 수 있습니다. {minutes, number}분 뒤에 다시 시도해 주세요.",
    too_many_offers:
      "가격 제안은 1시간에 {limit, number}번까지 할 수 있습니다. {minutes, number}분 뒤에 다시 시도해 주세요.",
    too_many_meeting_requests:
      "만남 신청은 1시간에 {limit, number}번까지 보낼 수 있습니다. {minutes, number}분 뒤에 다시 시도해 주세요.",
    too_many_rescue_calls:
      "긴급 출동 요청은 1시간에 {limit, number}번까지 보낼 수 있습니다. {minutes, number}분 뒤에 다시 시도해 주세요.",
  },
} as const;
