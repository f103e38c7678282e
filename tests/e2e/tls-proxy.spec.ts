import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, watchBrowserProblems } from "./fixtures";
import { E2E_PORT } from "../../playwright.config";
import { signUpByEmail, uniqueEmail } from "./support/auth";
import { copyDataTemplate } from "./support/data-template";
import { startServerProcess } from "./support/server-process";

/** The public name the browser uses; the forward proxy below leads it to the local TLS proxy. */
const PUBLIC_HOST = "motomate.test";
/** The proxy reaches the app from this address, the only one in TRUSTED_PROXIES; the test itself uses 127.0.0.1. */
const PROXY_ADDRESS = "127.0.0.2";

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function selfSignedCertificate(dir: string) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${PUBLIC_HOST}`,
      "-addext",
      `subjectAltName=DNS:${PUBLIC_HOST}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/**
 * A TLS-terminating reverse proxy configured the way nginx usually is: the upstream's own address as Host, the
 * public host (no port) as X-Forwarded-Host, the scheme as X-Forwarded-Proto, the client in X-Forwarded-For.
 */
function forwardedHeaders(req: http.IncomingMessage, appPort: number) {
  return {
    ...req.headers,
    host: `127.0.0.1:${appPort}`,
    "x-forwarded-host": (req.headers.host ?? "").replace(/:\d+$/, ""),
    "x-forwarded-proto": "https",
    "x-forwarded-for": req.socket.remoteAddress ?? "",
  };
}

function startTlsProxy(credentials: { key: Buffer; cert: Buffer }, appPort: number) {
  const server = https.createServer(credentials, (req, res) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: appPort,
        localAddress: PROXY_ADDRESS,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, appPort),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  // Socket.IO's WebSocket: the same headers, then the two sockets are joined.
  server.on("upgrade", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect({ host: "127.0.0.1", port: appPort, localAddress: PROXY_ADDRESS }, () => {
      const headers = Object.entries(forwardedHeaders(req, appPort)).map(
        ([name, value]) => `${name}: ${value}`,
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return server;
}

/** What the browser is configured to use: every https://motomate.test connection is tunnelled to the TLS proxy. */
function startForwardProxy(tlsPort: number) {
  const server = http.createServer((_req, res) => void res.writeHead(405).end());
  server.on("connect", (_req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const tunnel = net.connect(tlsPort, "127.0.0.1", () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      tunnel.write(head);
      tunnel.pipe(socket).pipe(tunnel);
    });
    tunnel.on("error", () => socket.destroy());
    socket.on("error", () => tunnel.destroy());
  });
  return server;
}

function listen(server: net.Server) {
  return new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/** A document POST (no JavaScript) of the sign-in form, straight to the given server. */
function postSignIn(
  target: { port: number; tls: boolean; localAddress?: string },
  headers: Record<string, string>,
) {
  const body = "intent=password&identifier=nobody%40example.com&password=wrong-password-1";
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = (target.tls ? https : http).request(
      {
        host: "127.0.0.1",
        port: target.port,
        localAddress: target.localAddress,
        servername: PUBLIC_HOST,
        rejectUnauthorized: false,
        method: "POST",
        path: "/login",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          Cookie: "i18n_redirected=ko",
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("behind a TLS-terminating proxy every form works and only the proxy's forwarded headers count", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-e2e-tls-"));
  const appPort = await freePort();
  const tlsProxy = startTlsProxy(selfSignedCertificate(dir), appPort);
  const forwardProxy = startForwardProxy(await listen(tlsProxy));
  const forwardPort = await listen(forwardProxy);
  copyDataTemplate(E2E_PORT, path.join(dir, "data"));
  const app = startServerProcess({
    PORT: String(appPort),
    DATA_DIR: path.join(dir, "data"),
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    TRUSTED_PROXIES: PROXY_ADDRESS,
  });
  try {
    await expect
      .poll(() => app.output(), { timeout: 90_000, message: "the server starts" })
      .toContain("motomate listening");

    // A document POST through the proxy reaches the sign-in action: a refused sign-in, not React Router's 400.
    const proxied = await postSignIn(
      { port: (tlsProxy.address() as net.AddressInfo).port, tls: true },
      { Host: PUBLIC_HOST, Origin: `https://${PUBLIC_HOST}` },
    );
    expect(proxied.status).toBe(401);
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    // The same forwarded headers straight from an address that is not a trusted proxy are ignored.
    const spoofed = await postSignIn(
      { port: appPort, tls: false },
      {
        Host: `127.0.0.1:${appPort}`,
        Origin: `https://${PUBLIC_HOST}`,
        "X-Forwarded-Host": PUBLIC_HOST,
        "X-Forwarded-Proto": "https",
      },
    );
    expect(spoofed.status).toBe(400);

    // A browser signs up through the proxy (with scripts on, as riders do) and gets the secure session cookie.
    const context = await browser.newContext({
      baseURL: `https://${PUBLIC_HOST}`,
      proxy: { server: `http://127.0.0.1:${forwardPort}` },
      ignoreHTTPSErrors: true,
      locale: "ko-KR",
      extraHTTPHeaders: { "Accept-Language": "ko-KR,ko;q=0.9" },
    });
    const problems = await watchBrowserProblems(context);
    try {
      const page = await context.newPage();
      await signUpByEmail(page, uniqueEmail("proxied"));
      await expect(page).toHaveURL(/\/login\/new$/);
      const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("session_token"));
      expect(session).toMatchObject({
        name: "__Secure-motomate.session_token",
        secure: true,
        httpOnly: true,
      });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    for (const server of [tlsProxy, forwardProxy]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
