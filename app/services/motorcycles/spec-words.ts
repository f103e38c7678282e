import type { Language } from "#app/i18n";
import type { MotorcycleSpecs } from "./catalogue-row";

/**
 * The catalogue's descriptive figures (engine type, suspensions, lighting) are written in English, as the makers'
 * spec pages give them. A Korean page says them in Korean: each rule below puts one term, or one phrase whose word
 * order differs in Korean, into the words Korean riders and makers use; maker and part names (Showa, Öhlins,
 * Telelever, SOHC …) stay as they are. Rules apply in order, so longer phrases come before the words they contain.
 */
const rules: ReadonlyArray<readonly [RegExp, string]> = [
  // Whole phrases whose Korean order differs.
  [/articulated parallelogram with two tilting front wheels/gi, "앞바퀴 두 개가 기울어지는 평행사변형 링크"],
  [/single arm with coil spring and hydraulic shock absorber/gi, "코일 스프링·유압 쇼크업소버 싱글 암"],
  [/twin-sided swinging arm with two spring struts/gi, "양쪽 스윙암, 스프링 스트럿 2개"],
  [/progressive linkage with /gi, "프로그레시브 링크, "],
  [/(\d+) valves per cylinder/gi, "기통당 $1밸브"],
  [/(\d+(?:\.\d+)?) kW continuous/gi, "연속 $1 kW"],
  [/(\d+(?:\.\d+)?) kW peak/gi, "최대 $1 kW"],
  [/(\d+)-(?:step|position) preload/gi, "$1단 프리로드"],
  [/kick start only/gi, "킥 시동 전용"],
  [/start & stop/gi, "스타트 앤 스톱"],
  [/electric hub motor/gi, "전기 허브 모터"],
  [/ with /gi, ", "],
  // Engines.
  [/(\d+)-stroke/gi, "$1행정"],
  [/long-stroke/gi, "롱스트로크"],
  [/(\d+)-valve/gi, "$1밸브"],
  [/(\d+) valves/gi, "$1밸브"],
  [/air\/liquid-cooled/gi, "공·수랭"],
  [/air\/oil-cooled/gi, "공·유랭"],
  [/liquid-cooled/gi, "수랭"],
  [/air-cooled/gi, "공랭"],
  [/oil-cooled/gi, "유랭"],
  [/parallel twin/gi, "병렬 2기통"],
  [/flat twin/gi, "수평대향 2기통"],
  [/flat six/gi, "수평대향 6기통"],
  [/inline triple/gi, "직렬 3기통"],
  [/inline four/gi, "직렬 4기통"],
  [/V-twin/g, "V형 2기통"],
  [/L-twin/g, "L형 2기통"],
  [/(\d+°) twin/gi, "$1 2기통"],
  [/(\d+°) V4/g, "$1 V형 4기통"],
  [/\bboxer\b/gi, "박서"],
  [/reversed cylinder/gi, "후방 배기 실린더"],
  [/counter-rotating crankshaft/gi, "역회전 크랭크샤프트"],
  [/offset crank/gi, "오프셋 크랭크"],
  [/\bcrossplane\b/gi, "크로스플레인"],
  [/T-plane crank/gi, "T-플레인 크랭크"],
  [/\bcrank\b/gi, "크랭크"],
  [/shaft drive/gi, "샤프트 구동"],
  [/bevel-gear cam drive/gi, "베벨 기어 캠 구동"],
  [/desmodromic variable timing/gi, "데스모드로믹 가변 밸브 타이밍"],
  [/\bdesmodromic\b/gi, "데스모드로믹"],
  [/variable valve timing/gi, "가변 밸브 타이밍"],
  [/\bpushrod\b/gi, "푸시로드"],
  [/oil cooler/gi, "오일 쿨러"],
  // Suspensions.
  [/single hydraulic shock absorber/gi, "싱글 유압 쇼크업소버"],
  [/single-sided/gi, "편측"],
  [/(?:double|twin)-sided/gi, "양쪽"],
  [/unit swing arm/gi, "유닛 스윙암"],
  [/swinging arm|swingarm|swing arm/gi, "스윙암"],
  [/central spring strut/gi, "중앙 스프링 스트럿"],
  [/directly mounted spring strut/gi, "직결식 스프링 스트럿"],
  [/cantilever spring strut/gi, "캔틸레버 스프링 스트럿"],
  [/spring struts?/gi, "스프링 스트럿"],
  [/double wishbone/gi, "더블 위시본"],
  [/balance free front fork/gi, "밸런스 프리 프런트 포크"],
  [/balance free rear cushion/gi, "밸런스 프리 리어 쿠션"],
  [/dual bending valve/gi, "듀얼 벤딩 밸브"],
  [/separate function/gi, "세퍼레이트 펑션"],
  [/big piston/gi, "빅 피스톤"],
  [/upside-down|\bUSD\b|\binverted\b/gi, "도립식"],
  [/\bconventional\b/gi, "정립식"],
  [/\btelescopic\b/gi, "텔레스코픽"],
  [/dual-cartridge/gi, "듀얼 카트리지"],
  [/\bcartridge\b/gi, "카트리지"],
  [/\bfork\b/gi, "포크"],
  [/semi-active/gi, "세미 액티브"],
  [/hand-adjustable/gi, "수동 조절식"],
  [/preload and rebound adjustable/gi, "프리로드·리바운드 조절식"],
  [/fully adjustable/gi, "풀 조절식"],
  [/preload adjustable/gi, "프리로드 조절식"],
  [/\bpreload\b/gi, "프리로드"],
  [/piggyback reservoirs?/gi, "피기백 리저버"],
  [/remote reservoirs?/gi, "리모트 리저버"],
  [/external reservoirs?/gi, "외장 리저버"],
  [/\bpiggyback\b/gi, "피기백"],
  [/linkage-mounted/gi, "링크식"],
  [/bottom-link/gi, "보텀 링크"],
  [/back-link/gi, "백 링크"],
  [/(?<![-\w])link(?:age)?\b/gi, "링크"],
  [/offset laydown/gi, "오프셋 레이다운"],
  [/\bhorizontal\b/gi, "수평"],
  [/\bhidden\b/gi, "히든"],
  [/\bprogressive\b/gi, "프로그레시브"],
  [/gas-charged/gi, "가스 충전식"],
  [/\bgas\b/gi, "가스"],
  [/coil-over/gi, "코일오버"],
  [/twin tube/gi, "트윈 튜브"],
  [/\bemulsion\b/gi, "에멀전"],
  [/shock absorbers?/gi, "쇼크업소버"],
  [/twin shocks?/gi, "트윈 쇼크"],
  [/\bshocks?\b/gi, "쇼크"],
  [/\bmonoshock\b/gi, "모노쇼크"],
  [/\bhydraulic\b/gi, "유압"],
  [/\baluminium\b/gi, "알루미늄"],
  [/\bsteel\b/gi, "스틸"],
  [/\bdual\b/gi, "듀얼"],
  [/\btwin\b/gi, "트윈"],
  [/\bsingle\b/gi, "단기통"],
  // Lighting.
  [/\bhalogen\b/gi, "할로겐"],
];

/** A descriptive figure in Korean. */
export function koreanSpecText(text: string): string {
  return rules.reduce((out, [pattern, korean]) => out.replace(pattern, korean), text);
}

/** The descriptive figures a page shows as written text; the others are codes or numbers the catalogue names. */
export const describedSpecFields = ["engineType", "frontSuspension", "rearSuspension", "lighting"] as const;

/** A model year's figures as a page in `language` shows them. */
export function specsIn(language: Language, specs: MotorcycleSpecs): MotorcycleSpecs {
  if (language === "en") return specs;
  const described = describedSpecFields.map((field) => [field, specs[field] && koreanSpecText(specs[field])]);
  return { ...specs, ...Object.fromEntries(described) };
}
