// build/server.js: the production server's entry. It registers the module resolution hook that gives the server
// React Router's production build (ADR 073), then loads the server itself (build/main.js, compiled from server.ts):
// a hook applies only to modules loaded after it.
import { register } from "node:module";

register("./react-router-production.js", import.meta.url);
await import("./main.js");
