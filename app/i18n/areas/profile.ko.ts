/** Korean messages of member profiles (part of the catalogue in ../ko.ts). */
export const koProfile = {
  title: "회원 프로필",
  memberSince: "가입일 {date}",
  avatarOf: "{nickname} 님의 프로필 사진",
  mine: "내 프로필",
  viewPublic: "다른 회원에게 보이는 프로필 보기",
  saved: "프로필을 저장했습니다.",
  mainLocation: "대표 활동 지역: {area} ({lat}, {lng}) — 정확한 위치는 나에게만 보입니다.",
  avatarNumber: "프로필 사진 {number}",
  areaMap: "주요 활동 지역 {area} 지도",
};
