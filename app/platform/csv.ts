/**
 * The CSV files operators download (bulk transfers, tax exports): RFC 4180, every text quoted, and a cell a spreadsheet would read as a
 * formula (=, +, -, @, a tab or a carriage return first) opened with an apostrophe, so an uploaded nickname cannot run
 * in the operator's spreadsheet. Numbers are written as they are.
 */
function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // Every text quoted and numbers bare, so a bank code or an account number reads as written in any CSV reader.
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A header and rows as CSV text, lines ended by CRLF, with a byte-order mark so spreadsheets read Korean as UTF-8. */
export function csvOf(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
