import { describe, expect, it } from "vitest";
import { bulkTransferCsv, type BulkTransferRow } from "./bulk-transfer";

const row = (overrides: Partial<BulkTransferRow> = {}): BulkTransferRow => ({
  bankCode: "088",
  accountNumber: "110123456789",
  holderName: "김라이더",
  amount: 29_010,
  memo: "모토메이트 정산",
  ...overrides,
});

/** The cells of a CSV line written by bulkTransferCsv (every text cell quoted, amounts bare). */
function cells(line: string): string[] {
  const out: string[] = [];
  const pattern = /"((?:[^"]|"")*)"|([^,]*)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(line)) !== null) {
    out.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!);
    if (pattern.lastIndex >= line.length) break;
    pattern.lastIndex += 1;
  }
  return out;
}

describe("bulk-transfer file", () => {
  it("starts with a BOM and a header row, ends lines with CRLF, and writes amounts as plain integers", () => {
    const csv = bulkTransferCsv([
      row(),
      row({ bankCode: "090", accountNumber: "3333012345678", amount: 1_000_000 }),
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toEqual([
      '"은행코드","계좌번호","예금주","금액","적요"',
      '"088","110123456789","김라이더",29010,"모토메이트 정산"',
      '"090","3333012345678","김라이더",1000000,"모토메이트 정산"',
      "",
    ]);
    expect(csv).not.toMatch(/1,000,000|29,010|\.0/);
  });

  it("keeps a leading zero in an account number and quotes commas, quotes and line breaks per RFC 4180", () => {
    const csv = bulkTransferCsv([
      row({ accountNumber: "0012345678", holderName: '박 "라이더", 주식회사', memo: "첫 줄\n둘째 줄" }),
    ]);
    const line = csv.slice(1).split("\r\n")[1]!;
    expect(line).toBe('"088","0012345678","박 ""라이더"", 주식회사",29010,"첫 줄\n둘째 줄"');
    expect(cells(line)).toEqual(["088", "0012345678", '박 "라이더", 주식회사', "29010", "첫 줄\n둘째 줄"]);
  });

  it("defuses cells a spreadsheet would read as formulas", () => {
    const attempts = [
      '=HYPERLINK("http://evil.example","클릭")',
      "+82-10",
      "-1+1",
      "@SUM(A1)",
      "\tTAB",
      "\rCR",
    ];
    const csv = bulkTransferCsv(attempts.map((holderName) => row({ holderName, memo: holderName })));
    const lines = csv.slice(1).split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(attempts.length);
    attempts.forEach((attempt, index) => {
      const [, , holder, , memo] = cells(lines[index]!);
      expect(holder).toBe(`'${attempt}`);
      expect(memo).toBe(`'${attempt}`);
    });
    // A name that only contains such a character elsewhere is left alone.
    expect(bulkTransferCsv([row({ holderName: "김-라이더" })])).toContain('"김-라이더"');
  });

  it("writes only the header for no rows, and refuses an amount that is not whole won", () => {
    expect(bulkTransferCsv([])).toBe('\uFEFF"은행코드","계좌번호","예금주","금액","적요"\r\n');
    for (const amount of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => bulkTransferCsv([row({ amount })])).toThrow(RangeError);
  });
});
