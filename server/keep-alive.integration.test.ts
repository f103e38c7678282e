import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, KEEP_ALIVE_TIMEOUT_MS } from "./boot";

/**
 * A client that holds an idle connection for a few seconds and sends on it again must find it open: with Node's
 * default 5 s the server closed it under the client, whose next request failed with ECONNRESET.
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = createHttpServer();
  server.on("request", (_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(agent: http.Agent): Promise<{ reused: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ reused: request.reusedSocket, body }));
    });
    request.on("error", reject);
  });
}

describe("idle keep-alive connections", () => {
  it("stay open longer than the usual idle timeouts of clients and proxies", () => {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it("are still open for a request sent after six idle seconds", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).toEqual({ reused: false, body: "ok" });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get(agent)).toEqual({ reused: true, body: "ok" });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
