/** Korean messages of the state machines' refusals (part of the catalogue in ../ko.ts). */
export const koMachine = {
  error: {
    not_found: "대상을 찾을 수 없습니다.",
    transition_not_allowed: "이미 처리되었거나 지금 상태에서는 할 수 없는 요청입니다.",
    transition_forbidden: "이 요청을 할 권한이 없습니다.",
    transition_conflict: "그 사이 다른 요청이 먼저 처리되었습니다. 새로고침 후 다시 확인해 주세요.",
  },
} as const;
