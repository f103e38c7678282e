/**
 * A local OpenID Connect provider for the browser tests (oauth2-mock-server): authorization code with state and
 * PKCE, signed ID tokens, userinfo. The identity it hands out is set by the tests through a small control endpoint.
 */
import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3211);
export const OIDC_CONTROL_PORT = OIDC_PORT + 1;

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

let identity: Identity = {
  sub: "oidc-rider-1",
  email: "oidc.rider@example.com",
  email_verified: true,
  name: "OIDC Rider",
};

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, identity, { aud: "motomate-e2e" });
});
server.service.on("beforeUserinfo", (response) => {
  response.body = { ...identity };
});
await server.start(OIDC_PORT, "127.0.0.1");

http
  .createServer((req, res) => {
    if (req.method === "PUT" && req.url === "/identity") {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        identity = { ...identity, ...(JSON.parse(body) as Partial<Identity>) };
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(identity));
  })
  .listen(OIDC_CONTROL_PORT, "127.0.0.1", () => console.log(`oidc provider on ${server.issuer.url}`));
