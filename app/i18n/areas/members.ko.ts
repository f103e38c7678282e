/** Korean messages of the members area (part of the catalogue in ../ko.ts): member menu, relations, member reports. */
export const koMembers = {
  relation: {
    pinned: "고정한 회원입니다.",
    unpinned: "회원 고정을 해제했습니다.",
    unblinded: "회원 숨김을 해제했습니다.",
    blindConfirm: "{nickname} 님을 숨길까요?",
    blindConfirmText:
      "이 회원의 글과 댓글이 가려집니다. 숨김은 프로필이나 설정의 숨긴 회원에서 해제할 수 있습니다.",
  },
  missing: {
    title: "존재하지 않는 회원입니다",
    text: "탈퇴했거나 주소가 잘못되었습니다.",
    home: "홈으로",
  },
  menu: {
    viewProfile: "프로필 보기",
    report: "회원 신고",
    signInPrompt: "로그인하면 숨기기, 고정, 신고를 할 수 있습니다.",
    signIn: "로그인",
    failed: "회원 정보를 불러오지 못했습니다.",
  },
  report: {
    title: "{nickname} 님 신고",
    help: "신고 사유를 적어 주세요. 관리자가 확인한 뒤 조치합니다.",
  },
  error: {
    report_self: "자기 자신은 신고할 수 없습니다.",
    report_target_member: "회원 신고는 처리 완료나 문제 없음으로만 처리할 수 있습니다.",
  },
  admin: {
    member: "회원",
    reported: "신고된 회원 {nickname}",
    resolve: "처리 완료",
    resolveConfirm: "이 회원에 대한 신고를 처리 완료로 닫을까요? 같은 회원의 다른 신고도 함께 처리됩니다.",
    resolved: "회원 신고를 처리 완료로 닫았습니다.",
    openProfile: "프로필 보기",
    gone: "탈퇴한 회원입니다.",
  },
} as const;
