/** 도난 차량 확인: 매물과 도난 신고의 차대번호, 확인을 위해 비공개된 매물, 관리자 검토. */
export const koTheft = {
  field: {
    label: "차대번호",
    optional: "선택",
    hint: "17자리 차대번호(VIN) 또는 하이픈이 있는 예전 차대번호(예: MC22-1001234). 도난 신고와 대조하며, 저장 후에는 끝 4자리만 보입니다.",
    reportHint:
      "도난당한 차량의 차대번호를 적으면 같은 번호의 매물이 올라올 때 비공개 처리되고 알림을 받습니다. 저장 후에는 끝 4자리만 보입니다.",
    stored: "등록된 차대번호: 끝자리 {tail}",
    replaceHint: "바꾸려면 새 번호를 입력하세요. 비워 두면 등록된 번호가 그대로 유지됩니다.",
  },
  error: {
    frame_number_invalid:
      "차대번호 형식이 아닙니다. 17자리 차대번호(VIN) 또는 하이픈이 있는 예전 차대번호(예: MC22-1001234)를 입력하세요.",
    frame_number_letters: "17자리 차대번호에는 I, O, Q가 쓰이지 않습니다. 숫자 1이나 0이 아닌지 확인하세요.",
    hold_not_found: "확인 대기 중인 매물을 찾을 수 없습니다.",
    forbidden: "권한이 없습니다.",
    decision_invalid: "처리 방법을 선택하세요.",
  },
  notice: {
    hidden: "확인이 필요해 잠시 비공개 처리되었습니다. 확인이 끝나면 다시 공개됩니다.",
    review: "관리자 검토로 가기",
  },
  unavailable: {
    title: "지금은 볼 수 없는 매물입니다",
    text: "이 매물은 잠시 비공개 상태입니다.",
  },
  report: {
    tail: "차대번호 끝자리 {tail}",
  },
  admin: {
    title: "도난 차량 확인",
    intro: "차대번호가 도난 신고와 같은 매물입니다. 공개로 되돌리거나 비공개를 유지하세요.",
    empty: "확인할 매물이 없습니다.",
    listing: "매물",
    report: "도난 신고",
    seller: "판매자 {nickname}",
    reporter: "신고자 {nickname}",
    formerMember: "탈퇴한 회원",
    tail: "차대번호 끝자리 {tail}",
    reportDeleted: "삭제된 신고",
    heldAt: "보류 시각",
    state: {
      held: "확인 대기",
      kept: "비공개 유지",
      released: "공개",
    },
    decision: {
      release: "공개로 되돌리기",
      keep: "비공개 유지",
    },
    confirm: {
      release: "「{title}」 매물을 다시 공개할까요?",
      keep: "「{title}」 매물을 비공개로 유지할까요?",
    },
    flash: {
      release: "매물의 보류를 풀었습니다.",
      keep: "매물을 비공개로 유지합니다.",
    },
    audit: {
      release: "도난 확인 보류 해제",
      keep: "도난 확인 비공개 유지",
    },
  },
} as const;
