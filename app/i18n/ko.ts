/** Korean: the default language and the source of truth for every user-facing text. */
export const ko = {
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
    home: "홈으로",
    code: "오류 코드: {code}",
  },
  api: {
    notFound: "요청한 API를 찾을 수 없습니다.",
    unknownFilterTable: "알 수 없는 필터 테이블입니다: {tableName}",
    missingTableName: "tableName 파라미터가 필요합니다.",
    invalidQuery: "요청 파라미터 형식이 올바르지 않습니다.",
    payloadTooLarge: "요청 본문이 너무 큽니다.",
    malformedBody: "요청 본문을 해석할 수 없습니다.",
    internal: "서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
    databaseUnavailable: "데이터베이스에 연결할 수 없습니다.",
  },
  home: {
    title: "홈",
    heroTitle: "가까운 라이더와 전문가를 만나세요",
    heroText:
      "정비, 구조, 픽업, 라이딩 코칭, 같은 기종 차주와의 만남까지. 라이더에게 필요한 도움을 가까이에서 찾습니다.",
    meetingsTitle: "재능 만남",
    meetingsText:
      "다섯 가지 만남으로 전문가와 1:1로 연결됩니다. 무료 또는 유료로, 만남마다 채팅방이 열립니다.",
    meetingOwner: "같은 기종을 타는 차주에게 실제 사용 경험을 듣습니다.",
    meetingRepair: "간단한 셀프 정비부터 전문 업체 정비까지 도움을 받습니다.",
    meetingCoaching: "3년 이상 경력의 라이더에게 주행을 배웁니다.",
    meetingRescue: "고장이나 사고 현장으로 견인·긴급 출동을 요청합니다.",
    meetingPickup: "이륜차와 부품을 원하는 곳까지 안전하게 운송합니다.",
    searchTitle: "통합 검색",
    searchPlaceholder: "게시글, 리뷰, 라이더를 검색하세요",
    searchButton: "검색",
  },
  policy: {
    title: "약관 및 정책",
    intro: "모토메이트 이용에 적용되는 약관과 정책입니다.",
    effectiveDate: "시행일: {date}",
    contents: "목차",
    backToList: "정책 목록",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill completely. */
export type Messages = Widen<typeof ko>;
