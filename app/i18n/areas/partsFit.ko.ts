/** Korean messages of the models a parts or gear listing fits and of the "fits my garage" filter (ADR 072). */
export const koPartsFit = {
  form: {
    legend: "맞는 차종(선택)",
    hint: "이 부품·용품이 맞는 모델과 연식을 최대 {max, number}개까지 고르세요. 연식을 비우면 모든 연식입니다.",
    row: "{n, number}번째 차종",
    model: "모델",
    modelPlaceholder: "모델 선택",
    yearFrom: "연식 시작",
    yearTo: "연식 끝",
    option: "{model} ({from}–{to})",
    moreLater: "더 넣으려면 저장한 뒤 수정에서 추가할 수 있습니다.",
  },
  listing: {
    title: "맞는 차종",
    allYears: "모든 연식",
    years: "{from}–{to}년식",
    fromYear: "{from}년식부터",
    toYear: "{to}년식까지",
    oneYear: "{year}년식",
  },
  filter: {
    label: "내 차고에 맞는 것만",
    hint: "내 차고의 모델과 연식에 맞는 매물만 봅니다.",
    visitor: "로그인하고 내 차고에 바이크를 등록하면 내 바이크에 맞는 매물만 볼 수 있습니다.",
    signIn: "로그인",
    noBikes: "내 차고에 바이크를 등록하면 내 바이크에 맞는 매물만 볼 수 있습니다.",
    addBike: "내 차고에 바이크 등록",
    on: "내 차고의 바이크({bikes})에 맞는 매물만 보고 있습니다.",
    empty: "내 차고의 바이크에 맞는 매물이 아직 없습니다.",
  },
  keyword: {
    onlyFitting: "내 차고에 맞는 부품·용품만 알림",
    onlyFittingHint: "맞는 차종이 내 차고의 바이크와 맞을 때만 알려 드립니다.",
    onlyFittingTag: "내 차고에 맞는 것만",
  },
  error: {
    fit_limit: "맞는 차종은 {max, number}개까지 고를 수 있습니다.",
    fit_model_unknown: "카탈로그에 없는 차종입니다. 목록에서 다시 골라 주세요.",
    fit_duplicate: "같은 차종을 두 번 골랐습니다. 하나로 합쳐 주세요.",
    fit_years_invalid: "맞는 차종의 연식이 올바르지 않습니다. 시작 연식은 끝 연식보다 늦을 수 없습니다.",
    fit_years_outside: "고른 연식 범위에 카탈로그의 연식이 없습니다. 연식을 다시 확인해 주세요.",
  },
} as const;
