interface ImportMetaEnv {
  /** When the bundle was built (ISO time), set in vite.config.ts; absent where code runs unbundled (unit tests). */
  readonly BUILD_DATE?: string;
}
