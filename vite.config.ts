import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";
import { lucideIcons } from "./app/components/ui/vite-icons";
import { i18nAreas } from "./app/i18n/vite-areas";

const root = fileURLToPath(new URL(".", import.meta.url));
const appFile = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The modules `from` imports statically, directly or through others (ADR 043). */
function reachable(moduleInfo: Rollup.GetModuleInfo, from: string): Set<string> {
  const found = new Set<string>();
  const pending = [appFile(from)];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    // React DOM stays in the client entry, which loads it before anything else.
    if (found.has(id) || /\/node_modules\/(react-dom|scheduler)\//.test(id)) continue;
    found.add(id);
    pending.push(...(moduleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Every page loads the root with its imports, and a page in the default layout loads that layout with its imports:
 * each set ships as one chunk instead of dozens of small ones, so a first visit asks for about 20 modules instead of
 * 50 (ADR 043). What both layouts import goes with the root.
 */
function shellChunks(): Rollup.GetManualChunk {
  let chunks: Map<string, string> | undefined;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!chunks) {
      const center = reachable(getModuleInfo, "app/layouts/center.tsx");
      const layout = [...reachable(getModuleInfo, "app/layouts/default.tsx")];
      const shell = new Set([
        ...reachable(getModuleInfo, "app/root.tsx"),
        ...layout.filter((m) => center.has(m)),
      ]);
      // React DOM's small main module (portals, flushSync) is imported by the entry and by pages: on its own it
      // would be one more request on every page (ADR 045).
      for (const id of getModuleIds())
        if (/\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)(\?.*)?$/.test(id))
          shell.add(id);
      chunks = new Map([
        ...[...shell].map((m) => [m, "app-shell"] as const),
        ...layout.filter((m) => !shell.has(m)).map((m) => [m, "app-layout"] as const),
      ]);
    }
    return chunks.get(id);
  };
}

export default defineConfig({
  plugins: [tailwindcss(), lucideIcons(root), i18nAreas(root), reactRouter()],
  // The settings page shows when the running build was made, next to its id.
  define: { "import.meta.env.BUILD_DATE": JSON.stringify(new Date().toISOString()) },
  resolve: {
    alias: { "#app": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  optimizeDeps: {
    include: ["socket.io-client"],
    exclude: ["@electric-sql/pglite"],
  },
  environments: {
    client: {
      build: {
        rollupOptions: { output: { manualChunks: shellChunks() } },
        // Terser's second pass writes the browser's modules 3-6% smaller (gzip) than esbuild's minifier (ADR 045).
        minify: "terser",
        terserOptions: { compress: { passes: 2 }, module: true },
      },
    },
  },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pino", "drizzle-orm"],
  },
});
