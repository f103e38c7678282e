import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs a script on React's production server build (the one `NODE_ENV=production` loads) and reads its JSON. */
function onProductionReact<T>(body: string): T {
  const script = `
    const React = require("react");
    const { renderToPipeableStream, renderToString } = require("react-dom/server");
    const { Writable } = require("node:stream");
    const { TextEncoder } = require("node:util");
    const h = React.createElement;
    let encodedInto = 0;
    const encodeInto = TextEncoder.prototype.encodeInto;
    TextEncoder.prototype.encodeInto = function (...args) { encodedInto++; return encodeInto.apply(this, args); };
    /** The document as renderToPipeableStream writes it once everything is ready, and how it was written. */
    const render = (element) => new Promise((resolve, reject) => {
      const writes = [];
      const sink = new Writable({
        write(chunk, _encoding, done) { writes.push(Buffer.from(chunk)); done(); },
        final(done) {
          resolve({ html: Buffer.concat(writes).toString("utf8"), writes: writes.map((write) => write.toString("utf8")) });
          done();
        },
      });
      const stream = renderToPipeableStream(element, { onShellReady: () => stream.pipe(sink), onShellError: reject });
    });
    ${body}`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", script], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    }),
  ) as T;
}

describe("React's production server build (ADR 075)", () => {
  it("writes a page's text in pieces of 16K characters, each encoded at once, the same as React renders it to a string", () => {
    const answer = onProductionReact<{
      html: string;
      expected: string;
      writes: number;
      encodedInto: number;
    }>(`
      const rows = Array.from({ length: 400 }, (_, i) =>
        h("li", { key: i, className: "row r" + i, "data-n": i, title: 'a "quoted" <title> & more' },
          h("a", { href: "/board/free/" + i }, "라이딩 후기 " + i + " 🏍"),
          h("span", { hidden: i % 2 === 0 }, "정비 & 튜닝 <" + i + ">"),
          h("input", { defaultValue: "값 " + i, readOnly: true })));
      const page = h("main", { id: "page" }, h("h1", null, "모토메이트"), h("ul", null, rows));
      render(page).then(({ html, writes }) =>
        console.log(JSON.stringify({ html, expected: renderToString(page), writes: writes.length, encodedInto })));`);
    expect(answer.html.length).toBeGreaterThan(40_000);
    expect(answer.html).toBe(answer.expected);
    // Unpatched, every piece of text is copied into a 4 KiB view on its own: thousands of calls, dozens of writes.
    expect(answer.encodedInto).toBe(0);
    expect(answer.writes).toBeGreaterThan(0);
    expect(answer.writes).toBeLessThanOrEqual(Math.ceil(answer.html.length / 16_384));
  });

  it("still streams a part that arrives later in a write after the shell's", () => {
    const answer = onProductionReact<{ html: string; writes: string[] }>(`
      const late = new Promise((resolve) => setTimeout(() => resolve("늦게 온 글 ✓"), 20));
      function Late() { return h("b", null, React.use(late)); }
      const page = h("html", null, h("body", null, h("h1", null, "제목"),
        h(React.Suspense, { fallback: h("i", null, "불러오는 중") }, h(Late))));
      render(page).then((answer) => console.log(JSON.stringify(answer)));`);
    expect(answer.html).toMatch(/^<!DOCTYPE html><html><head><\/head><body><h1>제목<\/h1>/);
    expect(answer.html).toContain("<i>불러오는 중</i>");
    expect(answer.html).toContain("<b>늦게 온 글 ✓</b>");
    expect(answer.html).toMatch(/<\/body><\/html>$/);
    const shell = answer.writes.findIndex((write) => write.includes("<i>불러오는 중</i>"));
    const part = answer.writes.findIndex((write) => write.includes("<b>늦게 온 글 ✓</b>"));
    expect(shell).toBeGreaterThanOrEqual(0);
    expect(part).toBeGreaterThan(shell);
  });
});
