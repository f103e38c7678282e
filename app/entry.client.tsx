import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { languageFromPath } from "./i18n";
import { loadCatalogue } from "#i18n/catalogues";

// Only the page's language ships to the browser (ADR 032): its messages are loaded before hydrating, so every
// translation during and after hydration is synchronous and the same as the server's.
void loadCatalogue(languageFromPath(window.location.pathname)).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
