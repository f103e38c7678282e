import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { i18nAreas } from "./app/i18n/vite-areas";

export default defineConfig({
  plugins: [tailwindcss(), i18nAreas(fileURLToPath(new URL(".", import.meta.url))), reactRouter()],
  // The settings page shows when the running build was made, next to its id.
  define: { "import.meta.env.BUILD_DATE": JSON.stringify(new Date().toISOString()) },
  resolve: {
    alias: { "#app": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  optimizeDeps: {
    include: ["socket.io-client"],
    exclude: ["@electric-sql/pglite"],
  },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pino", "drizzle-orm"],
    // Bundled so that the server loads the icons the pages use, not all of them (a third of a second at start).
    noExternal: ["lucide-react"],
  },
});
