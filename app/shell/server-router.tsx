import { isValidElement, Suspense, type ComponentType, type ReactElement, type ReactNode } from "react";
import {
  ServerRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type createStaticRouter,
  type EntryContext,
} from "react-router";

type StaticRouter = ReturnType<typeof createStaticRouter>;

/** What React Router's `ServerRouter` builds from a build's route manifest alone, kept for that build. */
interface BuildParts {
  /** A static router over the build's routes; a request's router takes its routes from it. */
  template: StaticRouter;
  /** The component writing the page's data stream into the document (not exported by React Router). */
  StreamTransfer?: ComponentType<StreamTransferProps>;
}

interface StreamTransferProps {
  context: EntryContext;
  identifier: number;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  textDecoder: TextDecoder;
  nonce?: string;
}

type Props = Parameters<typeof ServerRouter>[0];

/** Per route manifest: each language's build has its own (server/language-pages.ts), so this is once per language. */
const partsOfManifest = new WeakMap<EntryContext["manifest"], BuildParts>();

let builds = 0;

/** How many documents this process rendered through `ServerRouter` itself, building the routes. */
export function routerBuilds(): number {
  return builds;
}

/**
 * React Router's `ServerRouter`, without rebuilding the build's routes on every request (ADR 066). `ServerRouter`
 * turns the whole route manifest into server routes and those into data routes for each document it renders, though
 * both depend on the build only. Here the first document of a build is rendered by `ServerRouter` itself, and the
 * static router and stream component it made are kept; later documents get a router that takes its routes from the
 * kept one and its state from their own request, as `createStaticRouter` would make it. The output is the same
 * (server-router.integration.test.tsx compares it for every kind of page).
 */
export function AppServerRouter({ context, url, nonce }: Props): ReactElement {
  const parts = keptParts(context, url, nonce);
  if ("rendered" in parts) return parts.rendered;
  const { template, StreamTransfer } = parts;
  omitHydratingLoaders(context);
  const router = routerFor(template, context);
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest: context.manifest,
          routeModules: context.routeModules,
          criticalCss: context.criticalCss,
          serverHandoffString: context.serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={context.staticHandlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream && StreamTransfer ? (
        <Suspense>
          <StreamTransfer
            context={context}
            identifier={0}
            reader={context.serverHandoffStream.getReader()}
            textDecoder={new TextDecoder()}
            nonce={nonce}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The parts kept for this document's route manifest, or, for the first document of a manifest (or the first with a
 * data stream), the document `ServerRouter` rendered, whose parts are kept for the next.
 */
function keptParts(
  context: EntryContext,
  url: Props["url"],
  nonce: Props["nonce"],
): BuildParts | { rendered: ReactElement } {
  const parts = partsOfManifest.get(context.manifest);
  if (parts && (!context.serverHandoffStream || parts.StreamTransfer)) return parts;
  builds += 1;
  const rendered = ServerRouter({ context, url, nonce });
  partsOfManifest.set(context.manifest, partsOf(rendered, parts));
  return { rendered };
}

/** As `ServerRouter` does: a route whose client loader runs on hydration gets no server data in the document. */
function omitHydratingLoaders(context: EntryContext) {
  const handler = context.staticHandlerContext;
  handler.loaderData = { ...handler.loaderData };
  for (const match of handler.matches) {
    const routeId = match.route.id;
    const module = context.routeModules[routeId];
    const manifestRoute = context.manifest.routes[routeId];
    if (
      module &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, module.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (module.HydrateFallback || !manifestRoute.hasLoader)
    )
      delete handler.loaderData[routeId];
  }
}

/**
 * The router `createStaticRouter` would make for this request: its routes, route manifest and branches are the kept
 * router's; its base name and state are this request's.
 */
function routerFor(template: StaticRouter, context: EntryContext): StaticRouter {
  const handler = context.staticHandlerContext;
  const matches = handler.matches.map((match) => ({
    ...match,
    route: template.manifest[match.route.id] ?? match.route,
  }));
  const idle = template.state;
  return Object.create(template, {
    basename: { get: () => handler.basename },
    state: {
      get: () => ({
        ...idle,
        location: handler.location,
        matches,
        loaderData: handler.loaderData,
        actionData: handler.actionData,
        errors: handler.errors,
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
  }) as StaticRouter;
}

/** The static router and the stream component in what `ServerRouter` rendered. */
function partsOf(rendered: ReactElement, known: BuildParts | undefined): BuildParts {
  let template = known?.template;
  let StreamTransfer = known?.StreamTransfer;
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement<{ children?: ReactNode; router?: StaticRouter; reader?: unknown }>(node)) return;
    if (node.type === StaticRouterProvider && node.props.router) template = node.props.router;
    else if (node.props.reader && typeof node.type === "function")
      StreamTransfer = node.type as ComponentType<StreamTransferProps>;
    visit(node.props.children);
  };
  visit(rendered);
  if (!template) throw new Error("React Router's ServerRouter no longer renders a StaticRouterProvider");
  return { template, StreamTransfer };
}
