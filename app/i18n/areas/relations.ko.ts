/** Korean messages of follows, pins and hidden members (part of the catalogue in ../ko.ts). */
export const koRelations = {
  blind: "숨기기",
  unblind: "숨김 해제",
  pin: "고정하기",
  unpin: "고정 해제",
  blindTitle: "숨긴 회원",
  blindText: "숨긴 회원의 글과 댓글은 가려진 채로 보입니다. 숨김을 해제하면 다음 페이지부터 다시 보입니다.",
  blindEmpty: "숨긴 회원이 없습니다.",
  unblindConfirm: "{nickname} 님의 숨김을 해제할까요?",
  pinnedTitle: "고정한 회원",
  pinnedEmpty: "고정한 회원이 없습니다.",
  unpinConfirm: "{nickname} 님의 고정을 해제할까요?",
  since: "{date}부터",
  blindedDone: "회원을 숨겼습니다.",
  pinnedDone: "회원을 고정했습니다.",
  isBlinded: "숨긴 회원입니다.",
  error: {
    user_not_found: "존재하지 않는 회원입니다.",
    already_blinded: "이미 숨긴 회원입니다.",
    already_pinned: "이미 고정한 회원입니다.",
    self: "자기 자신은 숨기거나 고정할 수 없습니다.",
  },
};
