/** Korean messages of the dialogs (part of the catalogue in ../ko.ts). */
export const koDialog = {
  close: "닫기",
  cancel: "취소",
  leave: "떠나기",
  stay: "계속 작성",
} as const;
