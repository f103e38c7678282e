/** Korean messages of the home page (part of the catalogue in ../ko.ts). */
export const koHome = {
  title: "홈",
  heroTitle: "가까운 라이더와 전문가를 만나세요",
  heroText:
    "정비, 구조, 픽업, 라이딩 코칭, 같은 기종 차주와의 만남까지. 라이더에게 필요한 도움을 가까이에서 찾습니다.",
  meetingsTitle: "재능 만남",
  meetingsText: "다섯 가지 만남으로 전문가와 1:1로 연결됩니다. 무료 또는 유료로, 만남마다 채팅방이 열립니다.",
  meetingOwner: "같은 기종을 타는 차주에게 실제 사용 경험을 듣습니다.",
  meetingRepair: "간단한 셀프 정비부터 전문 업체 정비까지 도움을 받습니다.",
  meetingCoaching: "3년 이상 경력의 라이더에게 주행을 배웁니다.",
  meetingRescue: "고장이나 사고 현장으로 견인·긴급 출동을 요청합니다.",
  meetingPickup: "이륜차와 부품을 원하는 곳까지 안전하게 운송합니다.",
  searchTitle: "통합 검색",
  searchPlaceholder: "게시글, 리뷰, 라이더를 검색하세요",
  searchButton: "검색",
};
