// The bare baseline of `npm run bench`: a plain node:http server that answers each page with the exact status,
// headers and (compressed) body the app sent for it, captured just before. It does nothing else, so the app's
// figures divided by its figures are what the app's own work costs. Plain JavaScript: no loader in the way.
import { Buffer } from "node:buffer";
import fs from "node:fs";
import http from "node:http";
import process from "node:process";

const [file, port] = process.argv.slice(2);
const answers = new Map(
  JSON.parse(fs.readFileSync(file, "utf8")).map((answer) => [
    answer.key,
    { ...answer, body: Buffer.from(answer.body, "base64") },
  ]),
);

http
  .createServer((req, res) => {
    const role = (req.headers.cookie ?? "").includes("session_token=") ? "member" : "visitor";
    const answer = answers.get(`${role} ${req.url}`);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
    res.end(answer.body);
  })
  .listen(Number(port), "127.0.0.1");
