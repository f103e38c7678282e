/** Korean messages of the administrators' failed-jobs page (part of the catalogue in ../ko.ts). */
export const koJobs = {
  adminTitle: "실패한 작업",
  adminText: "여러 번 다시 시도해도 끝나지 않은 백그라운드 작업입니다. 원인을 해결한 뒤 다시 실행하세요.",
  empty: "실패한 작업이 없습니다.",
  kind: "종류",
  attempts: "시도 {count}회",
  failedAt: "실패 {date}",
  lastError: "마지막 오류",
  retry: "다시 실행",
  retried: "작업을 다시 실행하도록 예약했습니다.",
  error: {
    forbidden: "권한이 없습니다.",
    not_failed: "이미 다시 실행되었거나 실패한 작업이 아닙니다.",
  },
} as const;
