/** Korean messages of the sign-up consents (part of the catalogue in ../ko.ts). */
export const koConsent = {
  title: "약관 동의",
  all: "전체 동의 (선택 항목 포함)",
  terms: "[필수] 이용약관에 동의합니다",
  privacy: "[필수] 개인정보 수집·이용에 동의합니다",
  age: "[필수] 만 15세 이상입니다",
  marketing: "[선택] 이벤트·혜택 알림(마케팅 정보) 수신에 동의합니다",
  view: "{document} 보기 (새 창)",
  socialIntro: "모토메이트를 이용하려면 아래 약관에 동의해 주세요.",
} as const;
