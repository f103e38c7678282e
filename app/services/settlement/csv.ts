/**
 * The settlement's CSV files (the console's tax exports): RFC 4180 quoting, and a cell a spreadsheet would read as a
 * formula (=, +, -, @, a tab or a carriage return first) opened with an apostrophe, so an uploaded nickname cannot run
 * in the operator's spreadsheet. Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header and rows as CSV text, lines ended by CRLF, with a byte-order mark so spreadsheets read Korean as UTF-8. */
export function csvOf(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
