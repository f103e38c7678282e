/** Korean messages of the board area (part of the catalogue in ../ko.ts). */
export const koBoard = {
  title: "게시판",
  blinded: "숨긴 회원의 글입니다.",
  reveal: "보기",
} as const;
