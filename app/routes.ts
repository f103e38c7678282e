import {
  index,
  layout,
  prefix,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";

/**
 * Every page exists twice: Korean at the root and English under /en. The same modules serve both; route ids carry
 * the language so they stay unique. Layouts are chosen here by nesting.
 */
function pages(language: "ko" | "en"): RouteConfigEntry[] {
  const id = (name: string) => (language === "ko" ? name : `en/${name}`);
  return [
    layout("layouts/default.tsx", { id: id("layout-default") }, [
      index("routes/home.tsx", { id: id("home") }),
    ]),
    layout("layouts/center.tsx", { id: id("layout-center") }, [
      ...prefix("policy", [
        index("routes/policy/index.tsx", { id: id("policy") }),
        route(":kind", "routes/policy/document.tsx", { id: id("policy-document") }),
      ]),
    ]),
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [...pages("ko"), ...prefix("en", pages("en"))] satisfies RouteConfig;
