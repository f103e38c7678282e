import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type * as ReactRouter from "react-router";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  Link,
  NavLink,
  RouterProvider,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import { localizePath } from ".";
import { isPlainPath, LocalLink, LocalNavLink } from "./react";

const linksRendered = vi.hoisted(() => ({ count: 0, navCount: 0 }));

// React Router's Link and NavLink, counted each time they render.
vi.mock("react-router", async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  function CountedLink(props: LinkProps) {
    linksRendered.count++;
    return <router.Link {...props} />;
  }
  function CountedNavLink(props: NavLinkProps) {
    linksRendered.navCount++;
    return <router.NavLink {...props} />;
  }
  return { ...router, Link: CountedLink, NavLink: CountedNavLink };
});

/** The element rendered on a page at `at`, as the server writes it. */
function markupAt(at: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The same through the router the server renders pages with (its locations are URL-encoded). */
async function serverMarkupAt(at: string, element: ReactElement) {
  const { dataRoutes, query } = createStaticHandler([{ path: "*", element }]);
  const context = await query(new Request(new URL(at, "http://localhost")));
  if (context instanceof Response) throw new Error(`${at} answered ${context.status}`);
  return renderToStaticMarkup(
    <StaticRouterProvider
      router={createStaticRouter(dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
  );
}

const cases: Array<[string, Omit<LinkProps, "to">]> = [
  ["/board/free", { className: "link" }],
  ["/board/free/123?sort=popular&q=한글 후기#comment-4", { "aria-label": "글 4" }],
  ["/", { rel: "home" }],
  ["/board/", {}],
  ["/market/item/7", { target: "_blank", rel: "noopener" }],
  ["/setting", { discover: "none" }],
  ["/search", { prefetch: "intent", replace: true, state: { from: "home" }, preventScrollReset: true }],
  ["/logout", { reloadDocument: true, viewTransition: true, onClick: () => undefined }],
  // Not plain: React Router resolves these, and the link is its own.
  ["/board/../market", {}],
  ["/board//free", {}],
];

describe("LocalLink on the server (ADR 075)", () => {
  it("renders what React Router's Link renders, in both languages", () => {
    expect(import.meta.env.SSR).toBe(true);
    for (const at of ["/board/free", "/en/board/free"])
      for (const [to, props] of cases) {
        const language = at.startsWith("/en") ? "en" : "ko";
        const children = (
          <>
            <b>{to}</b> 보기
          </>
        );
        expect(
          markupAt(
            at,
            <LocalLink to={to} {...props}>
              {children}
            </LocalLink>,
          ),
          `${at} → ${to}`,
        ).toBe(
          markupAt(
            at,
            <Link to={localizePath(language, to)} {...props}>
              {children}
            </Link>,
          ),
        );
      }
  });

  it("leaves React Router's Link out of a plain path's server render", () => {
    linksRendered.count = 0;
    markupAt("/board/free", <LocalLink to="/board/free/1">글</LocalLink>);
    expect(linksRendered.count).toBe(0);
    markupAt("/board/free", <LocalLink to="/board/../market">장터</LocalLink>);
    markupAt(
      "/board/free",
      <LocalLink to="/board/free/1" prefetch="render">
        글
      </LocalLink>,
    );
    expect(linksRendered.count).toBe(2);
  });

  it("writes an anchor directly only for a plain path of this site", () => {
    for (const path of [
      "/",
      "/board/free",
      "/board/",
      "/en/search?q=a/../b#x",
      "/a.b/c..d",
      "/.well-known/x",
      "/...",
      "/a?",
      "/#top",
    ])
      expect(isPlainPath(path), path).toBe(true);
    for (const path of [
      "//evil.example",
      "/board//free",
      "/board/../market",
      "/./board",
      "/board/.",
      "board",
    ])
      expect(isPlainPath(path), path).toBe(false);
  });
});

const navCases: Array<[string, Omit<NavLinkProps, "to">]> = [
  ["/board/free", { className: "tab" }],
  ["/board", {}],
  ["/board", { end: true }],
  ["/board/", { className: ({ isActive }) => (isActive ? "on" : "off") }],
  ["/", { end: true, className: ({ isActive }) => `home ${isActive ? "bold" : "muted"}` }],
  ["/", {}],
  ["/Board/FREE", { caseSensitive: true, "aria-current": "location" }],
  ["/Board/FREE", { style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) }],
  ["/market?kind=parts#top", { prefetch: "intent", "aria-label": "장터" }],
  ["/board/free/12", { children: ({ isActive }) => (isActive ? "여기" : "저기") }],
  ["/search/한글 후기", {}],
  ["/search/%ED%95%9C", {}],
  // Not plain: React Router resolves it, and the link is its own.
  ["/board/../market", {}],
];

describe("LocalNavLink on the server", () => {
  it("renders what React Router's NavLink renders on the server, active or not, in both languages", async () => {
    for (const at of [
      "/board/free",
      "/en/board/free",
      "/",
      "/en",
      "/board/free/12",
      "/market",
      "/search/한",
      "/search/한글 후기",
    ])
      for (const [to, props] of navCases) {
        const language = at.startsWith("/en") ? "en" : "ko";
        const children = props.children ?? <span>{to}</span>;
        expect(
          await serverMarkupAt(
            at,
            <LocalNavLink to={to} {...props}>
              {children}
            </LocalNavLink>,
          ),
          `${at} → ${to}`,
        ).toBe(
          await serverMarkupAt(
            at,
            <NavLink to={localizePath(language, to)} {...props}>
              {children}
            </NavLink>,
          ),
        );
      }
  });

  it("marks the link of the page's section as current", () => {
    expect(markupAt("/en/board/free", <LocalNavLink to="/board">게시판</LocalNavLink>)).toBe(
      '<a aria-current="page" class="active" href="/en/board" data-discover="true">게시판</a>',
    );
    expect(
      markupAt(
        "/en/board/free",
        <LocalNavLink to="/board" end>
          게시판
        </LocalNavLink>,
      ),
    ).toBe('<a class="" href="/en/board" data-discover="true">게시판</a>');
  });

  it("leaves React Router's NavLink and Link out of a plain path's server render", () => {
    linksRendered.navCount = 0;
    markupAt("/board/free", <LocalNavLink to="/board/free">자유</LocalNavLink>);
    expect(linksRendered.navCount).toBe(0);
    markupAt("/board/free", <LocalNavLink to="/board/../market">장터</LocalNavLink>);
    expect(linksRendered.navCount).toBe(1);
  });
});
