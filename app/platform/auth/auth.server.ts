import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Database } from "#app/db/client.server";
import { account, authRateLimit, member, session, twoFactor, verification } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { AppConfig } from "#app/platform/env.server";
import type { Logger } from "#app/platform/logger.server";
import type { Messaging } from "#app/platform/messaging/index.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import { translate } from "#app/i18n";
import {
  BROWSER_COOKIE,
  clientNetwork,
  newBrowserId,
  originHash,
  recordMemberOrigin,
} from "./member-origin.server";
import { refuseSuspendedSession } from "./suspension.server";

/** Set by the HTTP edge from the socket address (or a trusted proxy's X-Forwarded-For); incoming copies are dropped. */
export const CLIENT_IP_HEADER = "x-motomate-client-ip";

/** Auth cookies live 400 days (the session is refreshed daily while used). */
export const SESSION_MAX_AGE_S = 34_560_000;

/** A session used a day after its last extension is extended again (the auth library's `updateAge`). */
const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

/** How the library extends sessions, for the realtime server's own reads of them (`sessionsById`). */
export const SESSION_EXTENSION = {
  expiresInMs: SESSION_MAX_AGE_S * 1000,
  updateAgeMs: SESSION_UPDATE_AGE_S * 1000,
};

/** Codes and links expire within 10 minutes. */
const LINK_TTL_S = 600;

export const OIDC_PROVIDER_ID = "oidc";
export const AUTH_BASE_PATH = "/api/auth";

/**
 * The only Better Auth paths that answer over HTTP: what a browser must reach directly. Sign-in, sign-up, recovery,
 * two-factor and session reads run through the product's own services (which add rate limits, the password policy,
 * send limits and the withdrawn-account rule) and call `auth.api` on the server, so every other path of the library,
 * present or added by a future version or plugin, answers 404.
 */
export const openAuthPaths = [
  // The provider's return, handed over by /login/{provider}.
  "/callback/:id",
  // The link in the verification e-mail.
  "/verify-email",
  "/sign-out",
] as const;

const openAuthPathPatterns = openAuthPaths.map(
  (path) => new RegExp(`^${path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`),
);

export function isOpenAuthPath(path: string) {
  return openAuthPathPatterns.some((pattern) => pattern.test(path));
}

/** Answers 404 for every path outside `openAuthPaths`, before any endpoint runs. */
function onlyOpenAuthPaths(basePath: string) {
  return {
    id: "motomate-open-paths",
    async onRequest(request: Request) {
      const { pathname } = new URL(request.url);
      const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length).replace(/\/+$/, "") : "";
      if (isOpenAuthPath(path)) return;
      return { response: new Response("Not Found", { status: 404 }) };
    },
  } satisfies BetterAuthPlugin;
}

/** What the database hooks use of the endpoint that runs them: its request headers and its cookie setter. */
interface HookContext {
  headers?: Headers;
  request?: Request;
  getCookie?(name: string): string | null;
  setCookie?(name: string, value: string, options: Record<string, unknown>): unknown;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{24}$/;

/**
 * The origins a new member or session leaves (ADR 048): the network of the sign-up's client address, and the
 * browser's id (given one in a cookie of its own when it has none). Only keyed hashes are stored.
 */
function originNotes(config: AppConfig, db: Database, clock: Clock) {
  const secure = config.publicUrl.startsWith("https://");
  const cookieName = secure ? `__Secure-${BROWSER_COOKIE}` : BROWSER_COOKIE;
  const note = (memberId: string, kind: "signUpAddress" | "browser", value: string) =>
    recordMemberOrigin(db, {
      memberId,
      kind,
      hash: originHash(config.sessionSecret, kind, value),
      at: clock.now(),
    });
  return {
    async signedUp(memberId: string, context: HookContext | null) {
      const headers = context?.headers ?? context?.request?.headers;
      const network = clientNetwork(headers?.get(CLIENT_IP_HEADER) ?? "");
      if (network) await note(memberId, "signUpAddress", network);
    },
    async signedIn(memberId: string, context: HookContext | null) {
      if (!context?.setCookie) return;
      let id = context.getCookie?.(cookieName) ?? "";
      if (!BROWSER_ID.test(id)) {
        id = newBrowserId();
        context.setCookie(cookieName, id, {
          maxAge: SESSION_MAX_AGE_S,
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure,
        });
      }
      await note(memberId, "browser", id);
    },
  };
}

/** Hashes a password for storage and checks one against its stored hash. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth({
  config,
  clock,
  db,
  messaging,
  logger,
  passwordHasher,
}: {
  config: AppConfig;
  clock: Clock;
  db: Database;
  messaging: Messaging;
  logger: Logger;
  /** How passwords are hashed and checked; Better Auth's scrypt (N 16,384, r 16) unless a test runtime says. */
  passwordHasher?: PasswordHasher;
}) {
  const secure = config.publicUrl.startsWith("https://");
  const social = config.socialProviders;
  const origins = originNotes(config, db, clock);
  return betterAuth({
    appName: "모토메이트",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Its messages go to the structured log; a raced sign-up, for one, is expected and handled by the caller.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level === "debug" ? "debug" : level === "info" ? "info" : level === "warn" ? "warn" : "error"](
          { auth: args.map((arg) => (arg instanceof Error ? arg.message : arg)) },
          message,
        ),
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: member, session, account, verification, twoFactor, rateLimit: authRateLimit },
    }),
    user: {
      additionalFields: {
        // Accepted as input only because no HTTP path that takes user fields is open (see openAuthPaths): the
        // product's sign-up service sets them after checking the SMS code.
        phoneNumber: { type: "string", required: false, input: true },
        phoneNumberVerified: { type: "boolean", required: false, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "member" },
        memberType: { type: "string", required: false, input: false },
        onboarding: { type: "string", required: false, input: false, defaultValue: "signed_up" },
        withdrawnAt: { type: "date", required: false, input: false },
        // The suspension in force, read with the session (ADR 056); written by the sanctions service only.
        suspendedFrom: { type: "date", required: false, input: false },
        suspendedUntil: { type: "date", required: false, input: false },
        // Set by the product's sign-up services from the consent boxes (same reasoning as phoneNumber).
        termsAgreedAt: { type: "date", required: false, input: true },
        privacyAgreedAt: { type: "date", required: false, input: true },
        ageConfirmedAt: { type: "date", required: false, input: true },
        marketingAgreedAt: { type: "date", required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      autoSignIn: true,
      resetPasswordTokenExpiresIn: LINK_TTL_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = `${config.publicUrl}/login/reset?token=${encodeURIComponent(token)}`;
        await messaging.email.send({
          to: user.email,
          subject: `[${translate("ko", "app.name")}] ${translate("ko", "auth.mail.resetSubject")}`,
          text: `${translate("ko", "auth.mail.resetBody", { url })}\n\n${translate("en", "auth.mail.resetBody", { url: url.replace("/login/", "/en/login/") })}`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: LINK_TTL_S,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await messaging.email.send({
          to: user.email,
          subject: `[${translate("ko", "app.name")}] ${translate("ko", "auth.mail.verifySubject")}`,
          text: `${translate("ko", "auth.mail.verifyBody", { url })}\n\n${translate("en", "auth.mail.verifyBody", { url })}`,
        });
      },
    },
    session: { expiresIn: SESSION_MAX_AGE_S, updateAge: SESSION_UPDATE_AGE_S, freshAge: 5 * 60 },
    account: {
      accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: true },
    },
    socialProviders: {
      ...(social.kakao && { kakao: { ...social.kakao, redirectURI: `${config.publicUrl}/login/kakao` } }),
      ...(social.naver && { naver: { ...social.naver, redirectURI: `${config.publicUrl}/login/naver` } }),
      ...(social.google && { google: { ...social.google, redirectURI: `${config.publicUrl}/login/google` } }),
      ...(social.apple && { apple: { ...social.apple, redirectURI: `${config.publicUrl}/login/apple` } }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: {
        "/sign-in/social": { window: 60, max: 20 },
        "/sign-in/oauth2": { window: 60, max: 20 },
        "/verify-email": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: "motomate",
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The session and its member in one statement (the schema's `sessionRelations`), not two.
      database: { joins: true },
    },
    databaseHooks: {
      user: {
        create: {
          // Administrators named in ADMIN_EMAILS get their role when their account is created; the joining
          // time comes from the app clock, like every other business timestamp.
          async before(user) {
            const admin = config.adminEmails.includes(String(user.email).toLowerCase());
            const now = clock.now();
            return { data: { ...user, role: admin ? "admin" : "member", createdAt: now, updatedAt: now } };
          },
          async after(user, context) {
            await origins.signedUp(user.id, context as HookContext | null);
          },
        },
      },
      session: {
        delete: {
          // Every session the library ends (sign-out, a password changed or reset) closes the connections opened
          // with it, on every process. Sessions the product deletes itself close through `closeMember`.
          async after(ended) {
            realtimePublisher().closeSession(ended.id);
          },
        },
        create: {
          // A suspended member gets no session, whichever way in they tried (ADR 056). The client address is needed
          // only while the request runs (its limits read the request); sessions do not keep it.
          async before(session) {
            await refuseSuspendedSession(db, String(session.userId), clock.now());
            return { data: { ...session, ipAddress: null } };
          },
          async after(session, context) {
            await origins.signedIn(session.userId, context as HookContext | null);
          },
        },
      },
    },
    plugins: [
      onlyOpenAuthPaths(AUTH_BASE_PATH),
      twoFactorPlugin({ issuer: "모토메이트", backupCodeOptions: { amount: 10, length: 10 } }),
      // Always present (with no provider when none is configured) so that its endpoints are typed.
      genericOAuth({
        config: config.oidc
          ? [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: config.oidc.discoveryUrl,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                redirectURI: `${config.publicUrl}/login/${OIDC_PROVIDER_ID}`,
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
