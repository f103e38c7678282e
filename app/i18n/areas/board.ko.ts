/** Korean messages of the board area (part of the catalogue in ../ko.ts). */
export const koBoard = {
  title: "게시판",
  blinded: "숨긴 회원의 글입니다.",
  error: {
    kind_invalid: "없는 게시판입니다.",
    category_required: "카테고리를 선택해 주세요.",
    title_required: "제목을 입력해 주세요.",
    title_length: "제목은 100자 이내로 입력해 주세요.",
    content_required: "내용을 입력해 주세요.",
    content_length: "내용은 20,000자 이내로 입력해 주세요.",
    too_many_images: "이미지는 게시글당 10장까지 올릴 수 있습니다.",
    youtube_already_registered: "유튜브 영상이 이미 등록되어 있습니다.",
    not_found: "삭제되었거나 없는 게시글입니다.",
    not_author: "작성자만 수정하거나 삭제할 수 있습니다.",
    forbidden: "이 글을 읽을 권한이 없습니다.",
  },
  reveal: "보기",
} as const;
