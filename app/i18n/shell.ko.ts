/** Korean messages of the shell: what every page may show (menus, header and footer, errors, the theme). */
export const koShell = {
  app: {
    name: "모토메이트",
    tagline: "라이더를 위한 커뮤니티, 중고거래, 재능 만남",
    description:
      "모토메이트는 가까운 정비·구조·픽업 전문가와 차주를 찾아 1:1로 만나고, 리뷰와 게시판으로 라이딩 경험을 나누는 라이더 커뮤니티입니다.",
  },
  nav: {
    skipToContent: "본문으로 바로가기",
    mainMenu: "주 메뉴",
    openMenu: "메뉴 열기",
    closeMenu: "메뉴 닫기",
    comingSoon: "준비 중",
    home: "홈",
    tabBar: "하단 탭",
    accountAndDisplay: "계정과 화면 설정",
  },
  header: {
    signIn: "로그인",
    signOut: "로그아웃",
    account: "내 계정",
    search: "통합 검색",
    alarms: {
      none: "알림",
      unread: "알림 {count, number}개 읽지 않음",
      arrived: "새 알림이 도착했습니다. 읽지 않은 알림 {count, number}개",
    },
  },
  field: {
    showPassword: "비밀번호 보기",
  },
  tab: {
    home: "홈",
    community: "커뮤니티",
    market: "중고거래",
    meeting: "재능 만남",
    my: "마이",
  },
  theme: {
    label: "화면 모드",
    auto: "시스템 설정",
    light: "라이트",
    dark: "다크",
  },
  language: {
    label: "언어",
    ko: "한국어",
    en: "English",
    switchTo: "{language}로 보기",
  },
  footer: {
    policies: "약관 및 정책",
    terms: "이용약관",
    privacy: "개인정보처리방침",
    board: "게시판 운영정책",
    market: "중고거래 운영정책",
    copyright: "© {year} 모토메이트. 모든 권리 보유.",
    contact: "고객센터: help@motomate.kr",
  },
  loading: {
    label: "페이지를 불러오는 중",
  },
  toast: {
    close: "알림 닫기",
    errorAt: "{operation} 중",
  },
  error: {
    notFoundTitle: "Not Found!",
    notFoundText: "요청하신 페이지를 찾을 수 없습니다. 주소가 바르게 입력되었는지 확인해 주세요.",
    serverErrorText: "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
    badRequestText: "잘못된 요청입니다. 주소를 확인해 주세요.",
    methodNotAllowed: "이 주소에서는 할 수 없는 요청입니다.",
    unsupportedMediaType: "보낸 내용의 형식을 처리할 수 없습니다. 페이지의 양식으로 다시 보내 주세요.",
    home: "홈으로",
    code: "오류 코드: {code}",
    invalidAccess: "잘못된 접근입니다.",
    payloadTooLarge: "보낸 내용이 너무 큽니다. 파일 크기를 줄여 다시 시도해 주세요.",
    formTooLarge: "입력한 내용이 이 양식에 비해 너무 깁니다. 줄여서 다시 보내 주세요.",
  },
  my: {
    title: "마이페이지",
  },
} as const;
