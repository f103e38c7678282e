/** Korean messages of a rider's reputation (매너 온도) and its "why" view (part of the catalogue in ../ko.ts). */
export const koReputation = {
  name: "매너 온도",
  degrees: "{score}℃",
  badge: "매너 온도 {score}℃, 근거 보기",
  why: {
    title: "{nickname}님의 매너 온도",
    back: "{nickname}님의 프로필",
    score: "지금 매너 온도",
    inputs: "온도를 만든 기록",
    raises: "온도를 올리는 기록",
    lowers: "온도를 내리는 기록",
    empty: "아직 쌓인 기록이 없어 처음 온도 36.5℃입니다.",
    updatedAt: "{date} 기준",
    how: "온도는 어떻게 바뀌나요?",
    howStart: "모든 회원은 36.5℃에서 시작하고, 온도는 0℃에서 99℃ 사이입니다.",
    howGood:
      "좋은 거래 후기, 순조로운 만남 후기, 내 후기가 받은 불꽃, 휴대폰 인증과 사업자 확인이 온도를 올립니다. 같은 기록이 쌓일수록 하나하나가 올리는 폭은 줄어듭니다.",
    howBad:
      "아쉬운 거래 후기, 문제가 있었던 만남 후기, 확인된 노쇼, 운영자가 받아들인 신고는 온도를 내립니다. 나쁜 기록은 좋은 기록보다 크게 반영됩니다.",
    howWhen:
      "온도는 기록이 생길 때 다시 계산됩니다. 거래 후기는 양쪽이 모두 남기거나 거래 후 7일이 지나 공개될 때 반영됩니다.",
    howPrivate: "누가 어떤 후기를 남겼는지는 보여 주지 않고, 기록의 수만 보여 줍니다.",
  },
  input: {
    goodTradeReviews: "좋은 거래 후기",
    badTradeReviews: "아쉬운 거래 후기",
    goodFeedback: "순조로운 만남 후기",
    problemFeedback: "문제가 있었던 만남 후기",
    confirmedNoShows: "확인된 노쇼",
    upheldReports: "받아들여진 신고",
    sparksReceived: "내 후기가 받은 불꽃",
    phoneVerified: "휴대폰 인증",
    businessVerified: "사업자 확인",
  },
  count: "{count, number}",
  done: "완료",
  notDone: "안 함",
} as const;
