/**
 * The catalogue's message syntax, a small subset of ICU MessageFormat:
 *   {name}                      the value as it is
 *   {name, number}              a number with thousands separators ("12,000")
 *   {name, plural, one {# like} other {# likes}}
 *                               a branch chosen by the language's plural rules (or `=N` for an exact number);
 *                               `#` inside a branch is the number with separators
 * Apostrophes are plain text (no ICU quoting), so "'{title}'" keeps working. Numbers are written by arithmetic,
 * not by the runtime's locale data, so the server and the browser print the same bytes.
 */
import type { MessageParams } from "./index";

type Part =
  | { kind: "text"; text: string }
  | { kind: "pound" }
  | { kind: "value"; name: string; source: string }
  | { kind: "number"; name: string; source: string }
  | { kind: "plural"; name: string; source: string; branches: Map<string, Part[]> };

const parsed = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** "1234567" → "1,234,567"; the grouping Korean and English share. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = "", fraction] = String(Math.abs(value)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** The index of the "}" that closes the "{" at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function parseBranches(body: string): Map<string, Part[]> | null {
  const branches = new Map<string, Part[]>();
  let rest = body.trim();
  while (rest) {
    const selector = /^(=\d+|zero|one|two|few|many|other)\s*\{/.exec(rest);
    if (!selector) return null;
    const open = selector[0].length - 1;
    const close = closingBrace(rest, open);
    if (close < 0) return null;
    branches.set(selector[1]!, parse(rest.slice(open + 1, close), true));
    rest = rest.slice(close + 1).trim();
  }
  return branches.has("other") ? branches : null;
}

function parse(template: string, inBranch = false): Part[] {
  const parts: Part[] = [];
  let text = "";
  const flush = () => {
    if (text) parts.push({ kind: "text", text });
    text = "";
  };
  let i = 0;
  while (i < template.length) {
    const char = template[i]!;
    if (char === "#" && inBranch) {
      flush();
      parts.push({ kind: "pound" });
      i++;
      continue;
    }
    if (char === "{") {
      const close = closingBrace(template, i);
      const source = close < 0 ? "" : template.slice(i, close + 1);
      const head = /^\{\s*(\w+)\s*(?:,\s*(number|plural)\s*(?:,([\s\S]*))?)?\}$/.exec(source);
      const name = head?.[1];
      if (head && name) {
        const branches = head[2] === "plural" ? parseBranches(head[3] ?? "") : null;
        if (!head[2] || (head[2] === "number" && head[3] === undefined) || branches) {
          flush();
          if (branches) parts.push({ kind: "plural", name, source, branches });
          else parts.push({ kind: head[2] === "number" ? "number" : "value", name, source });
          i = close + 1;
          continue;
        }
      }
    }
    text += char;
    i++;
  }
  flush();
  return parts;
}

function partsOf(template: string): Part[] {
  let parts = parsed.get(template);
  if (!parts) {
    parts = parse(template);
    parsed.set(template, parts);
  }
  return parts;
}

function pluralCategory(language: string, value: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(value);
}

function render(language: string, parts: Part[], params: MessageParams, pound: number | null): string {
  let out = "";
  for (const part of parts) {
    if (part.kind === "text") out += part.text;
    else if (part.kind === "pound") out += pound === null ? "#" : formatNumber(pound);
    else if (!(part.name in params)) out += part.source;
    else {
      const value = params[part.name]!;
      const number = typeof value === "number" ? value : Number(value);
      if (part.kind === "value" || Number.isNaN(number) || value === "") out += String(value);
      else if (part.kind === "number") out += formatNumber(number);
      else {
        const branch =
          part.branches.get(`=${number}`) ??
          part.branches.get(pluralCategory(language, number)) ??
          part.branches.get("other")!;
        out += render(language, branch, params, number);
      }
    }
  }
  return out;
}

/** A catalogue message with its values filled in; a value that is not given leaves its placeholder as written. */
export function formatMessage(language: string, template: string, params: MessageParams = {}): string {
  return render(language, partsOf(template), params, null);
}

/** The names of the values a message takes, including those used inside plural branches. */
export function messageArguments(template: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (part.kind === "text" || part.kind === "pound") continue;
      names.add(part.name);
      if (part.kind === "plural") for (const branch of part.branches.values()) walk(branch);
    }
  };
  walk(partsOf(template));
  return [...names].sort();
}

/** The branches of a message's plural values ("one", "other", "=0" …), empty when it has none. */
export function pluralBranches(template: string): string[] {
  const found: string[] = [];
  for (const part of partsOf(template)) {
    if (part.kind === "plural") found.push(...part.branches.keys());
  }
  return found;
}
