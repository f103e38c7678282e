/** Stub of the bulk-transfer file (replaced by the payouts branch). */

export interface BulkTransferRow {
  bankCode: string;
  accountNumber: string;
  holderName: string;
  amount: number;
  memo: string;
}

const cell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function bulkTransferCsv(rows: BulkTransferRow[]): string {
  const lines = [["bank_code", "account_number", "holder_name", "amount", "memo"].join(",")];
  for (const row of rows)
    lines.push([row.bankCode, row.accountNumber, row.holderName, row.amount, row.memo].map(cell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
