import { isbot } from "isbot";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type MiddlewareFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import commonFont from "pretendard/dist/web/variable/woff2-dynamic-subset/PretendardVariable.subset.91.woff2?url";
import { useAlarmSubscription } from "./components/alarm/live-alarms";
import { FlashMessage } from "./shell/FlashMessage";
import { Toaster } from "./shell/toasts";
import { ErrorScreen } from "./shell/ErrorScreen";
import { LoadingBar } from "./shell/LoadingBar";
import { whenSplitPartsHydrated } from "./components/ui/split-component";
import {
  isLanguage,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  languageFromAcceptLanguage,
  languageFromPath,
  localizePath,
  readCookie,
  translate,
} from "./i18n";
import { useLanguage, useT } from "./i18n/react";
import { loadCatalogue } from "#i18n/catalogues";
import { getRuntime } from "./platform/runtime.server";
import { getViewer } from "./platform/viewer.server";
import { countUnread } from "./services/notifications/notify.server";
import { listMenuIn } from "./services/reference/menu.server";
import { actorOf } from "./services/actor";
import { isNewBuildAvailable, startAppUpdates } from "./shell/app-updates.client";
import { flashContext, flashMiddleware } from "./shell/flash.server";
import { canonicalUrl, pageTitle, type RouteHandle } from "./shell/meta";
import { routeShareMeta } from "./shell/share";
import { loadingBar } from "./shell/loading-bar";
import { useNonce } from "./shell/nonce";
import { useSessionEvents } from "./shell/session-events";
import { staffPagesFor } from "./shell/staff-pages";
import { parseThemePreference, resolveColorMode, THEME_COOKIE, themeScript } from "./shell/theme";

function localeCookie(language: string) {
  return `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * A first visit without the locale cookie follows Accept-Language; afterwards the path decides, and the cookie
 * follows the language of the page, so switching language keeps the current page.
 */
const localeMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const pathLanguage = languageFromPath(url.pathname);
  const cookie = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
  if (!isLanguage(cookie) && !isbot(request.headers.get("user-agent"))) {
    const preferred = languageFromAcceptLanguage(request.headers.get("accept-language"));
    if (preferred !== pathLanguage) {
      throw redirect(`${localizePath(preferred, url.pathname)}${url.search}`, {
        headers: { "Set-Cookie": localeCookie(preferred), Vary: "Accept-Language, Cookie" },
      });
    }
  }
  const response = await next();
  if (cookie !== pathLanguage) response.headers.append("Set-Cookie", localeCookie(pathLanguage));
  return response;
};

export const middleware: MiddlewareFunction<Response>[] = [localeMiddleware, flashMiddleware];

/** When a new build is live, the next navigation is a full page load. */
const appUpdateMiddleware: MiddlewareFunction = async ({ request }, next) => {
  if (isNewBuildAvailable()) {
    const url = new URL(request.url);
    window.location.assign(`${url.pathname}${url.search}${url.hash}`);
    await new Promise(() => undefined);
  }
  await next();
};

/**
 * A client-side navigation into the other language (the language switch itself is a full page load) first loads
 * that language's messages, so its pages render with them (ADR 032).
 */
const catalogueMiddleware: MiddlewareFunction = async ({ request }, next) => {
  await loadCatalogue(languageFromPath(new URL(request.url).pathname));
  await next();
};

export const clientMiddleware: MiddlewareFunction[] = [appUpdateMiddleware, catalogueMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, buildId, config } = getRuntime();
  const language = languageFromPath(new URL(request.url).pathname);
  const [menu, viewer] = await Promise.all([listMenuIn(db, language), getViewer(request)]);
  const unreadAlarms = viewer ? await countUnread(db, viewer.id) : 0;
  return {
    menu,
    // Only what the pages show; e-mail, phone and the session token stay on the server.
    session: viewer
      ? {
          userId: viewer.id,
          name: viewer.name,
          profileComplete: viewer.profileComplete,
          expiresAt: viewer.sessionExpiresAt.toISOString(),
        }
      : null,
    // The menu's staff links, as far as the viewer's permissions go (each page guards itself too).
    staffPages: staffPagesFor(actorOf(viewer)),
    // Server-rendered, so the header bell is right before any script runs.
    unreadAlarms,
    buildId,
    publicUrl: config.publicUrl,
    theme: parseThemePreference(readCookie(request.headers.get("cookie"), THEME_COOKIE)),
    flash: context.get(flashContext),
  };
}

/** The root's data is in the page's language (its menu): a navigation into the other language loads it again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (
    languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname) || defaultShouldRevalidate
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // The Pretendard piece with Latin letters, digits and the most frequent Hangul is on every first paint; the
  // other pieces load as their characters appear.
  { rel: "preload", href: commonFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** Every page's description and the product's share preview; post pages give their own. */
export const meta: Route.MetaFunction = (args) => routeShareMeta(args);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const location = useLocation();
  const language = useLanguage();
  const nonce = useNonce();
  const forced = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.colorMode)
    ?.handle as RouteHandle | undefined;
  const preference = data?.theme ?? "auto";
  // "auto" is resolved in the browser by the theme script, before the first paint.
  const staticMode = resolveColorMode(preference, forced?.colorMode, undefined);
  // Marks the document once React has taken it over, split parts included, for styles and checks that need the
  // page to be interactive.
  useEffect(() => {
    let current = true;
    void whenSplitPartsHydrated().then(() => {
      if (current) document.documentElement.dataset.hydrated = "";
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <html
      lang={language}
      className={staticMode === "dark" ? "dark" : undefined}
      data-theme-preference={preference}
      data-forced-theme={forced?.colorMode}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#19786F" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
        {data ? (
          <link rel="canonical" href={canonicalUrl(data.publicUrl, location.pathname, location.search)} />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="surface antialiased">
        <a
          href="#main"
          className="sr-only z-[1000] rounded bg-primary px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {translate(language, "nav.skipToContent")}
        </a>
        <LoadingBar />
        {children}
        <FlashMessage flash={data?.flash ?? null} />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Whether this page has loaded the realtime link's code (a member was signed in at some point). */
let realtimeLoaded = false;

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const location = useLocation();
  const language = useLanguage();
  useEffect(() => startAppUpdates(loaderData.buildId), [loaderData.buildId]);
  useSessionEvents(loaderData.session);
  // The realtime link's member follows the session; its code loads after the page's first load, once a member
  // has signed in (ADR 045).
  const memberId = loaderData.session?.userId ?? null;
  useEffect(() => {
    if (memberId === null && !realtimeLoaded) return;
    realtimeLoaded = true;
    void import("./components/realtime/socket").then((socket) => socket.setRealtimeMember(memberId));
  }, [memberId]);
  useAlarmSubscription(memberId);
  return (
    <>
      <title>{pageTitle(language, matches, location.pathname)}</title>
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal's own (localised) status text names it, or for a body too large its data (input.server.ts);
  // otherwise the status's text from the catalogue.
  const given = !isRouteErrorResponse(error)
    ? ""
    : error.status === 413 && typeof error.data === "string"
      ? error.data
      : error.statusText;
  const message =
    status === 404
      ? t("error.notFoundTitle")
      : given || (status === 400 ? t("error.badRequestText") : t("error.serverErrorText"));
  useEffect(() => loadingBar.error(), [error]);
  return (
    <>
      <title>{`${status} - ${message} | ${t("app.name")}`}</title>
      <ErrorScreen status={status} />
    </>
  );
}
