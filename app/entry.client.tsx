import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { languageFromPath } from "./i18n";
import { loadCatalogue } from "#i18n/catalogues";

// React Router cancels its own page-data requests when a newer load replaces them. When a cancelled answer had
// started to arrive, its stream reader leaves the rejection of the rest unobserved, and the browser reports it as an
// uncaught AbortError. The page's own code cancels nothing, so an unobserved cancellation is not an error (ADR 044).
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

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
