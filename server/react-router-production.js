// A module resolution hook of the production server (ADR 073): React Router's package offers Node only its
// development build, whose route matching and links build warning messages they never print. Every module of that
// build resolves to the same module of its production build, which the package ships beside it. Registered by
// build/server.js before the server's modules load; the development server and the tests keep the development build.

const development = "/node_modules/react-router/dist/development/";
const production = "/node_modules/react-router/dist/production/";

/** Node's `resolve` hook: React Router's development modules become its production ones; nothing else changes. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.includes(development)
    ? { ...resolved, url: resolved.url.replace(development, production) }
    : resolved;
}
