import { csvOf } from "#app/platform/csv";

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

function amountCell(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`not a whole number of won: ${amount}`);
  return amount;
}

export function bulkTransferCsv(rows: readonly BulkTransferRow[]): string {
  return csvOf(
    HEADER,
    rows.map((row) => [row.bankCode, row.accountNumber, row.holderName, amountCell(row.amount), row.memo]),
  );
}
