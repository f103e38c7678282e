export type NicknameProblem = "required" | "format" | "length";

const NICKNAME_MAX = 15;

/** Spec: required; Korean or English letters and digits only; at most 15 characters. */
export function checkNickname(value: string): NicknameProblem | undefined {
  const nickname = value.trim();
  if (!nickname) return "required";
  if (!/^[가-힣a-zA-Z0-9]+$/.test(nickname)) return "format";
  if ([...nickname].length > NICKNAME_MAX) return "length";
  return undefined;
}
