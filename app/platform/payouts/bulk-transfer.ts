/**
 * The bulk-transfer file (대량이체 파일) an operator uploads to their bank's internet banking in manual mode (ADR 065):
 * CSV (RFC 4180) with a header row, UTF-8 with a byte-order mark so Korean Excel opens it as UTF-8, CRLF line ends.
 */

export interface BulkTransferRow {
  /** Three digits (MONEY.md's bank codes). */
  bankCode: string;
  accountNumber: string;
  holderName: string;
  /** Whole won. */
  amount: number;
  /** What the recipient's statement shows. */
  memo: string;
}

const HEADER = ["은행코드", "계좌번호", "예금주", "금액", "적요"];

/** Characters a spreadsheet may read as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  // A leading quote makes a spreadsheet show the text as it is instead of evaluating it.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

function amountCell(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`not a whole number of won: ${amount}`);
  return String(amount);
}

export function bulkTransferCsv(rows: readonly BulkTransferRow[]): string {
  const lines = [
    HEADER.map(cell).join(","),
    ...rows.map((row) =>
      [
        cell(row.bankCode),
        cell(row.accountNumber),
        cell(row.holderName),
        amountCell(row.amount),
        cell(row.memo),
      ].join(","),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
