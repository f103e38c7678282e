import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const serverDir = fileURLToPath(new URL("../../server", import.meta.url));

/**
 * Ways of writing dates and numbers that depend on the runtime (its ICU data or its time zone) or on UTC days:
 * the server and the browser would print different text, or a Seoul evening would show the previous day.
 */
const forbidden: { pattern: RegExp; why: string }[] = [
  { pattern: /Intl\.(DateTimeFormat|RelativeTimeFormat|NumberFormat)\b/, why: "runtime locale data" },
  { pattern: /\.toLocale(Date|Time)?String\(/, why: "runtime locale data" },
  { pattern: /toISOString\(\)\.slice\(/, why: "a UTC day or time" },
  { pattern: /\w+At\.slice\(0,\s*\d+\)/, why: "a UTC day cut from an ISO time" },
  { pattern: /\.get(FullYear|Month|Date|Day|Hours|Minutes)\(\)/, why: "the runtime's time zone" },
  { pattern: /\b9 \* 60\b|\b540\b|\+09:00|\bKST\b/, why: "a hand-written Seoul offset" },
];

/** The one module that knows the offset, and the catalogues, which may say "KST" to people. */
const offsetAllowed = (file: string) =>
  file.endsWith(path.join("platform", "seoul-calendar.ts")) || file.includes(`${path.sep}i18n${path.sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("dates and numbers on pages", () => {
  it("are written only through the Seoul calendar and the catalogue, never by the runtime", () => {
    const files = [...sourceFiles(appDir), ...sourceFiles(serverDir)];
    expect(files.length).toBeGreaterThan(100);
    const offences: string[] = [];
    for (const file of files) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const { pattern, why } of forbidden) {
            if (why === "a hand-written Seoul offset" && offsetAllowed(file)) continue;
            if (pattern.test(line))
              offences.push(`${path.relative(appDir, file)}:${index + 1} (${why}): ${line.trim()}`);
          }
        });
    }
    expect(offences).toEqual([]);
  });
});
