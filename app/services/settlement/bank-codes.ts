/**
 * The banks a withdrawal account may be at, by their three-digit code (금융결제원 bank codes), with their names in
 * both languages. The order is the one Korean apps list them in.
 */
export const banks = [
  { code: "002", ko: "KDB산업은행", en: "KDB" },
  { code: "003", ko: "IBK기업은행", en: "IBK" },
  { code: "004", ko: "KB국민은행", en: "KB Kookmin" },
  { code: "007", ko: "수협은행", en: "Suhyup" },
  { code: "011", ko: "NH농협은행", en: "NongHyup" },
  { code: "012", ko: "농축협", en: "NongHyup (local)" },
  { code: "020", ko: "우리은행", en: "Woori" },
  { code: "023", ko: "SC제일은행", en: "SC First" },
  { code: "027", ko: "한국씨티은행", en: "Citibank Korea" },
  { code: "031", ko: "iM뱅크(대구)", en: "iM Bank (Daegu)" },
  { code: "032", ko: "부산은행", en: "Busan" },
  { code: "034", ko: "광주은행", en: "Gwangju" },
  { code: "035", ko: "제주은행", en: "Jeju" },
  { code: "037", ko: "전북은행", en: "Jeonbuk" },
  { code: "039", ko: "경남은행", en: "Kyongnam" },
  { code: "045", ko: "새마을금고", en: "MG Saemaeul" },
  { code: "048", ko: "신협", en: "Shinhyup" },
  { code: "050", ko: "저축은행", en: "Savings bank" },
  { code: "064", ko: "산림조합", en: "Forestry cooperative" },
  { code: "071", ko: "우체국", en: "Korea Post" },
  { code: "081", ko: "하나은행", en: "Hana" },
  { code: "088", ko: "신한은행", en: "Shinhan" },
  { code: "089", ko: "케이뱅크", en: "K Bank" },
  { code: "090", ko: "카카오뱅크", en: "KakaoBank" },
  { code: "092", ko: "토스뱅크", en: "Toss Bank" },
] as const;

export type BankCode = (typeof banks)[number]["code"];

const bankCodes = banks.map((bank) => bank.code) as [BankCode, ...BankCode[]];

export function isBankCode(value: string): value is BankCode {
  return (bankCodes as string[]).includes(value);
}

/** The bank's name in the language, or the code itself for a code no longer listed. */
export function bankName(code: string, language: "ko" | "en"): string {
  return banks.find((bank) => bank.code === code)?.[language] ?? code;
}
