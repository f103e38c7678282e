/** Korean messages of the welcome page after sign-up (part of the catalogue in ../ko.ts). */
export const koWelcome = {
  title: "환영합니다",
  text: "{nickname} 님, 모토메이트에 오신 것을 환영합니다!",
  granted: "가입 축하 포인트 {amount}P를 드렸습니다.",
  already: "가입 축하 포인트는 이미 받으셨습니다.",
  offer: "가입 축하 포인트 {amount}P를 드립니다.",
  claim: "포인트 받고 시작하기",
  start: "시작하기",
  points: "포인트 내역 보기",
};
