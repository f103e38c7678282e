import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type * as ReactRouter from "react-router";
import { createMemoryRouter, Link, RouterProvider, type LinkProps } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { localizePath } from ".";
import { isPlainPath, LocalLink } from "./react";

const linksRendered = vi.hoisted(() => ({ count: 0 }));

// React Router's Link, counted each time it renders.
vi.mock("react-router", async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  function CountedLink(props: LinkProps) {
    linksRendered.count++;
    return <router.Link {...props} />;
  }
  return { ...router, Link: CountedLink };
});

/** The element rendered on a page at `at`, as the server writes it. */
function markupAt(at: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
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
