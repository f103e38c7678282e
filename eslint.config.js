import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A route never touches the database. */
const routeDatabaseImports = {
  group: ["\\#app/db/*", "**/db/*", "drizzle-orm", "drizzle-orm/*"],
  message: "A route never touches the database: call a service.",
};

const parseOnce =
  "A route action parses its form once with its schema: parseSubmission (or parseIntentSubmission for a " +
  "z.discriminatedUnion on `intent`) from #app/shell/form.server, then passes the typed values on (ADR 026).";

/** The old field reader: a form's text by name, read between service calls. */
const formTextImport = { name: "#app/shell/auth.server", importNames: ["formText"], message: parseOnce };

const readFormOnly = {
  selector: "CallExpression[callee.property.name='formData']",
  message: "Read a page form with readForm(request) from #app/shell/input.server.",
};

/**
 * A field read by hand from a form (`form.get("price")`, `formData?.getAll("tags")`): the object is named as a form
 * is, so an address's `searchParams.get(…)` and a fetcher's `fetcher.formData?.get(…)` (the page's own pending
 * submission, in the browser) stay allowed.
 */
/** `x as never` silences the checker instead of typing the value; the app has none, and gets none. */
const castToNever = {
  selector: "TSAsExpression > TSNeverKeyword.typeAnnotation",
  message: "Type the value (a schema's input, a typed key list) instead of casting it to never.",
};

/** A 404 thrown by hand: a page's "not found" is `notFound()` (or `missingPage(body)`) from #app/shell/input.server. */
const handWrittenNotFound = {
  selector: "ThrowStatement Property[key.name='status'][value.value=404]",
  message: "Throw notFound() from #app/shell/input.server instead of a hand-written 404.",
};

const formFieldReads = ["get", "getAll", "has"].map((method) => ({
  selector: `CallExpression[callee.object.name=/^(form|formData)$/][callee.property.name='${method}']`,
  message: parseOnce,
}));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The two rules of hooks everywhere; the React Compiler's rules below, where components and hooks live.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type X }` keeps the module as an import of its own: a browser module naming a server module's type
      // that way pulls the server module into the client build.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "no-console": ["error", { allow: ["error", "warn"] }],
      // The icon library's index imports all of its icons; a page imports each icon it draws by its own path, so
      // the build ships the icons a page uses with that page (ADR 045).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              allowImportNames: ["LucideIcon", "LucideProps"],
              message: 'Import an icon by its own path: import Bell from "lucide-react/icons/bell".',
            },
          ],
        },
      ],
    },
  },
  {
    // The React Compiler's rules analyse every function as a possible component, which is most of the lint's time:
    // they run on the app's browser-side code, not on its server modules, services, database or tests.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "**/*.test.{ts,tsx}",
      "**/*.server.{ts,tsx}",
      "app/services/**",
      "app/db/**",
      "app/platform/**",
    ],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layers (ARCHITECTURE.md): each may import only the layers below it. Type-only imports are erased from the build,
  // so client code may name a server module's types.
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [formTextImport], patterns: [routeDatabaseImports] },
      ],
    },
  },
  {
    files: ["app/services/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "\\#app/routes/*",
                "\\#app/components/*",
                "\\#app/shell/*",
                "react",
                "react-dom",
                "react-router",
              ],
              message: "A service takes plain inputs and returns plain data: no routes, components or React.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/platform/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#app/services/*", "\\#app/routes/*", "\\#app/components/*", "\\#app/shell/*"],
              message: "The platform serves the services; it never imports them (or anything above them).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/db/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "\\#app/services/*",
                "\\#app/platform/*",
                "\\#app/routes/*",
                "\\#app/components/*",
                "\\#app/shell/*",
              ],
              message: "The database layer imports nothing of the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // The app's frame: its server half (*.server) answers routes and, like a route, never touches the database.
    files: ["app/shell/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#app/db/*", "**/db/*", "drizzle-orm", "drizzle-orm/*"],
              allowTypeImports: true,
              message: "The shell never touches the database: call a service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/shell/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "app/shell/**/*.server.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "\\#app/db/*", "drizzle-orm", "drizzle-orm/*"],
              allowTypeImports: true,
              message: "Browser code never imports server modules (their types only).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", castToNever] },
  },
  {
    // Page actions read their bodies through `readForm`, which answers a malformed body 400 and strips NUL.
    // (A later block's list replaces an earlier one's for the same rule: the app's own entries are repeated.)
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", castToNever, readFormOnly, handWrittenNotFound, ...formFieldReads],
    },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**", "server.ts"],
    rules: { "no-console": "off" },
  },
  {
    // The production launcher is plain JavaScript for Node (scripts/start.js).
    files: ["scripts/**/*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
