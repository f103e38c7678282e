import type { BoardKind } from "./kinds";

export interface CategorySeed {
  code: string;
  ko: string;
  en: string;
}

/** The categories each topic board starts with; administrators may change them later. */
export const categorySeeds: Record<BoardKind, CategorySeed[]> = {
  qna: [
    { code: "maintenance", ko: "정비", en: "Maintenance" },
    { code: "gear", ko: "장비", en: "Gear" },
    { code: "law", ko: "보험·법규", en: "Insurance & Law" },
    { code: "buying", ko: "구매 상담", en: "Buying Advice" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  free: [
    { code: "chat", ko: "잡담", en: "Chat" },
    { code: "question", ko: "질문", en: "Question" },
    { code: "info", ko: "정보", en: "Info" },
    { code: "humor", ko: "유머", en: "Humour" },
  ],
  issue: [
    { code: "news", ko: "뉴스", en: "News" },
    { code: "policy", ko: "법규·정책", en: "Law & Policy" },
    { code: "safety", ko: "사고·안전", en: "Accidents & Safety" },
    { code: "show", ko: "행사", en: "Shows" },
  ],
  route: [
    { code: "capital", ko: "수도권", en: "Capital Area" },
    { code: "gangwon", ko: "강원", en: "Gangwon" },
    { code: "chungcheong", ko: "충청", en: "Chungcheong" },
    { code: "jeolla", ko: "전라", en: "Jeolla" },
    { code: "gyeongsang", ko: "경상", en: "Gyeongsang" },
    { code: "jeju", ko: "제주", en: "Jeju" },
  ],
  riding: [
    { code: "tour", ko: "투어 후기", en: "Tour Reports" },
    { code: "meetup", ko: "번개 모임", en: "Meetups" },
    { code: "club", ko: "동호회", en: "Clubs" },
    { code: "tips", ko: "라이딩 팁", en: "Riding Tips" },
  ],
  tuning: [
    { code: "exterior", ko: "외관", en: "Exterior" },
    { code: "engine", ko: "엔진·배기", en: "Engine & Exhaust" },
    { code: "suspension", ko: "서스펜션", en: "Suspension" },
    { code: "electric", ko: "전기·전장", en: "Electrics" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  gallery: [
    { code: "bike", ko: "내 바이크", en: "My Bike" },
    { code: "scenery", ko: "풍경", en: "Scenery" },
    { code: "gear", ko: "장비", en: "Gear" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  business: [
    { code: "intro", ko: "업체 소개", en: "Shop Intros" },
    { code: "promotion", ko: "할인·이벤트", en: "Promotions" },
    { code: "opening", ko: "신규 오픈", en: "New Openings" },
  ],
  reportTheft: [
    { code: "theft", ko: "도난 신고", en: "Theft Reports" },
    { code: "sighting", ko: "목격 제보", en: "Sightings" },
    { code: "recovered", ko: "회수 완료", en: "Recovered" },
  ],
  vehicleCare: [
    { code: "inspection", ko: "정기 점검", en: "Routine Checks" },
    { code: "washing", ko: "세차·광택", en: "Washing & Polish" },
    { code: "storage", ko: "보관", en: "Storage" },
    { code: "consumables", ko: "소모품", en: "Consumables" },
  ],
};
