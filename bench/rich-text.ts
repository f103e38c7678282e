/**
 * Sanitising cost of 200 KB rich-text bodies: a plain post and the adversarial shapes that once blocked the server,
 * each as a ratio to the plain post. "worker" is the reading a worker thread does (the one sanitising pass, stopped
 * as soon as the nesting is too deep); "main" is what the request's own thread spends (the byte count before
 * anything is parsed).
 */
import { fileURLToPath } from "node:url";
import { overRichTextBytes, RICH_TEXT_MAX_BYTES } from "#app/services/content/limits";
import { readRichTextTask, RICH_TEXT_MAX_DEPTH } from "#app/services/content/rich-text.server";

const imageBase = "/uploads/post/";

/** `unit` repeated to just under the byte limit, after `head`. */
function filled(unit: string, head = ""): string {
  const room = RICH_TEXT_MAX_BYTES - Buffer.byteLength(head);
  return head + unit.repeat(Math.floor(room / Buffer.byteLength(unit)));
}

const deepest = "<b>".repeat(RICH_TEXT_MAX_DEPTH - 1);
const inputs: Array<[name: string, html: string]> = [
  [
    "plain post (Korean paragraphs)",
    filled("<p>남해안을 따라 달린 이틀, 바람이 좋았습니다. 정비는 미리 해 두세요.</p>"),
  ],
  ["<p><b><i><u><s> unclosed", filled("<p><b><i><u><s>")],
  ["deep nesting <div>", filled("<div>")],
  ["unclosed <p>x<b>y", filled("<p>x<b>y")],
  ["99 open, then tiny tags", filled("<i>x</i>", deepest)],
  ["99 open, then end tags", filled("</i>", deepest)],
  ["many tiny tags <b></b>", filled("<b></b>", "<p>x</p>")],
  ["implied closes <li>", filled("<li>", "<ul>")],
  ["many attributes", `<p ${filled('a="x" ').slice(0, RICH_TEXT_MAX_BYTES - 10)}>x</p>`],
  ["one long attribute value", `<a href="https://e.example/${"a".repeat(RICH_TEXT_MAX_BYTES - 60)}">x</a>`],
  ["entities &amp;&lt;", filled("&amp;&lt;")],
  ["990,000 characters (refused)", "<p><b><i><u><s>".repeat(66_000)],
];

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function timed(run: () => unknown, rounds: number): number {
  for (let i = 0; i < 2; i++) run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

export interface RichTextFigure {
  name: string;
  kb: number;
  outcome: string;
  /** Milliseconds of the one sanitising pass (in the worker). */
  worker: number;
  /** Milliseconds of the byte count on the main thread. */
  main: number;
}

export function benchRichText(rounds = Number(process.env.BENCH_SANITIZE_ROUNDS ?? 7)): RichTextFigure[] {
  const rows = inputs.map(([name, html]) => {
    const tooLarge = overRichTextBytes(html);
    const outcome = tooLarge ? "too large" : readRichTextTask({ html, imageBase }).kind.replace("_", " ");
    return {
      name,
      kb: Buffer.byteLength(html) / 1000,
      outcome,
      main: timed(() => overRichTextBytes(html), rounds),
      worker: tooLarge ? 0 : timed(() => readRichTextTask({ html, imageBase }), rounds),
    };
  });
  const plain = rows[0]!;
  console.log(
    `\nRich text, median of ${rounds} runs (worker: the one sanitising pass; main: the byte count)\n`,
  );
  console.log(
    [
      "input".padEnd(32),
      "KB".padStart(6),
      "outcome".padStart(10),
      "worker ms".padStart(10),
      "÷ plain".padStart(8),
      "main ms".padStart(8),
    ].join(" "),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(32),
        row.kb.toFixed(0).padStart(6),
        row.outcome.padStart(10),
        row.worker.toFixed(1).padStart(10),
        (row.worker / plain.worker).toFixed(2).padStart(8),
        row.main.toFixed(2).padStart(8),
      ].join(" "),
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchRichText();
