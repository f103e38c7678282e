/** Korean messages of the policies (part of the catalogue in ../ko.ts). */
export const koPolicy = {
  title: "약관 및 정책",
  intro: "모토메이트 이용에 적용되는 약관과 정책입니다.",
  effectiveDate: "시행일: {date}",
  contents: "목차",
  backToList: "정책 목록",
};
