import { randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerError, type SMTPServerOptions } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSmtpEmailSender, type SmtpEmailSender } from "./smtp.server";
import { DeliveryError } from "./types";

// Contract test of the SMTP adapter against a real SMTP server on the loopback interface.

interface Received {
  mailFrom: string | false;
  rcptTo: string[];
  user: unknown;
  raw: string;
}

interface TestServer {
  url: (credentials?: string) => string;
  received: Received[];
  close: () => Promise<void>;
}

async function startServer(options: SMTPServerOptions = {}): Promise<TestServer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
    ...options,
  });
  // Connection resets after QUIT are not failures of the adapter.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (credentials) => `smtp://${credentials ? `${credentials}@` : ""}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PASSWORD = "pa55-Secret-Xyz";
const FROM = "모토메이트 <no-reply@motomate.test>";
const SUBJECT = "[모토메이트] 인증 코드";

// A minimal MIME reader for what the test server received: headers, RFC 2047 encoded words, transfer encodings and
// multipart/alternative, enough to check what a mail client would show.

interface Part {
  headers: Map<string, string>;
  /** The raw (still transfer-encoded) body. */
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, "").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === "_" && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(char.charCodeAt(0));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words; adjacent words are joined before decoding, as a character may span two. */
function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/=\?[^?]+\?[BbQq]\?[^?]*\?=(?:\s+=\?[^?]+\?[BbQq]\?[^?]*\?=)*/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, charset, encoding, text] of run.matchAll(word)) {
      expect(charset!.toLowerCase()).toBe("utf-8");
      bytes.push(
        encoding!.toUpperCase() === "B" ? Buffer.from(text!, "base64") : decodeQuotedPrintable(text!, true),
      );
    }
    return Buffer.concat(bytes).toString("utf8");
  });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(part.body, false)
        : Buffer.from(part.body, "latin1");
  return bytes.toString("utf8");
}

/** The decoded text of each part, by content type (text/plain, text/html). */
function bodies(message: Part): Map<string, string> {
  const type = message.headers.get("content-type") ?? "text/plain";
  const result = new Map<string, string>();
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = message.body.split(`--${boundary}`).slice(1, -1);
    for (const section of sections) {
      const part = parsePart(section.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      for (const [key, value] of bodies(part)) result.set(key, value);
    }
  } else {
    result.set(type.split(";")[0]!.trim().toLowerCase(), decodeBody(message));
  }
  return result;
}

function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

describe("SMTP e-mail sender", () => {
  let server: TestServer;
  const senders: SmtpEmailSender[] = [];
  function sender(url: string) {
    const created = createSmtpEmailSender({ url, from: FROM });
    senders.push(created);
    return created;
  }

  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(() => {
    for (const created of senders.splice(0)) created.close();
    server.received.length = 0;
  });
  afterAll(() => server.close());

  it("delivers a Korean subject and a text body with the code, with the right envelope", async () => {
    const code = sixDigitCode();
    const email = sender(server.url(`mailer:${PASSWORD}`));
    expect(email.kind).toBe("smtp");
    await email.send({
      to: "rider@example.com",
      subject: SUBJECT,
      text: `모토메이트 인증 코드는 ${code} 입니다.\n10분 안에 입력해 주세요.`,
    });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.mailFrom).toBe("no-reply@motomate.test");
    expect(mail!.rcptTo).toEqual(["rider@example.com"]);
    // The credentials of the url were used.
    expect(mail!.user).toBe("mailer");

    const message = parsePart(mail!.raw);
    const rawSubject = message.headers.get("subject")!;
    // The header itself is 7-bit safe (MIME encoded), and decodes to the original text.
    expect(rawSubject).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeHeader(rawSubject)).toBe(SUBJECT);
    expect(decodeHeader(message.headers.get("from")!)).toBe(FROM);
    expect(message.headers.get("to")).toBe("rider@example.com");

    const parts = bodies(message);
    expect([...parts.keys()]).toEqual(["text/plain"]);
    const text = parts.get("text/plain")!;
    expect(text).toContain("모토메이트 인증 코드는");
    expect(text.match(/\b\d{6}\b/g)).toEqual([code]);
  });

  it("sends the html alternative next to the text", async () => {
    const code = sixDigitCode();
    await sender(server.url()).send({
      to: "rider@example.com",
      subject: SUBJECT,
      text: `인증 코드: ${code}`,
      html: `<p>인증 코드: <strong>${code}</strong></p>`,
    });
    expect(server.received).toHaveLength(1);
    const parts = bodies(parsePart(server.received[0]!.raw));
    expect(parts.get("text/plain")).toBe(`인증 코드: ${code}`);
    expect(parts.get("text/html")).toBe(`<p>인증 코드: <strong>${code}</strong></p>`);
  });

  it("throws a DeliveryError without the password when the login is refused", async () => {
    const wrong = "Wrong-Password-777";
    const error = await sender(server.url(`mailer:${wrong}`))
      .send({ to: "rider@example.com", subject: SUBJECT, text: "123456" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).code).toBe("delivery_failed");
    expect((error as DeliveryError).message).not.toContain(wrong);
    expect(server.received).toHaveLength(0);
  });
});

describe("SMTP e-mail sender against a server that refuses", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      onRcptTo(address, _session, callback) {
        const error: SMTPServerError = new Error(`Mailbox ${address.address} unavailable`);
        error.responseCode = 550;
        callback(error);
      },
    });
  });
  afterAll(() => server.close());

  it("throws a DeliveryError that keeps the cause when the recipient is rejected", async () => {
    const email = createSmtpEmailSender({ url: server.url(), from: FROM });
    try {
      const error = await email
        .send({ to: "nobody@example.com", subject: SUBJECT, text: "인증 코드: 123456" })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).code).toBe("delivery_failed");
      expect((error as DeliveryError).message).toContain("550");
      expect((error as DeliveryError).cause).toBeInstanceOf(Error);
      expect(server.received).toHaveLength(0);
    } finally {
      email.close();
    }
  });

  it("throws a DeliveryError when no server answers", async () => {
    const closed = await startServer();
    const url = closed.url();
    await closed.close();
    const email = createSmtpEmailSender({ url, from: FROM });
    try {
      await expect(email.send({ to: "rider@example.com", subject: SUBJECT, text: "123456" })).rejects.toThrow(
        DeliveryError,
      );
    } finally {
      email.close();
    }
  });
});
