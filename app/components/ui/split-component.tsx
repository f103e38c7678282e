import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";

/** Split parts rendered on this page whose code has not arrived yet (each until it has hydrated). */
const waiting = new Set<object>();
const listeners = new Set<() => void>();

function settled() {
  if (waiting.size > 0) return;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Whether React has hydrated the page: modules loaded from then on render at once, with nothing to hydrate. */
let pageHydrated = false;

/**
 * Called by the root once React has hydrated the page; answers once every split part the first render showed has
 * hydrated too. The document is marked interactive then (the root layout's `data-hydrated`), not before a button
 * of such a part would answer a click.
 */
export function whenSplitPartsHydrated(): Promise<void> {
  pageHydrated = true;
  return new Promise((resolve) => {
    listeners.add(resolve);
    settled();
  });
}

/**
 * A part of a page whose code is not in the page's first load (ADR 045): a section most readers see but few use
 * at once (the comments under an article), or one only some readers get (a seller's controls). The server renders
 * it with the page, so it reads and works without JavaScript as before. In the browser its code starts loading
 * when the page's modules run; the page hydrates without it, React keeps the part's server HTML in place (a
 * Suspense boundary left dehydrated), and hydrates the part when its code has arrived. A page reached by a later
 * navigation waits for the code before it renders, so the part never appears late.
 *
 * Call it at the top level of a module, awaited: `const Comments = await splitPart(() => import("./Comments")
 * .then((module) => module.Comments));`.
 */
export async function splitPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  if (import.meta.env.SSR || typeof document === "undefined" || pageHydrated) {
    const Loaded = await load();
    return function SplitPart(props: Props) {
      return (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      );
    };
  }
  const loading = load();
  const Lazy = lazy(() =>
    loading.then((Loaded) => ({
      default: function ShownPart({ onShown, ...props }: Props & { onShown: () => void }) {
        useEffect(onShown, [onShown]);
        return <Loaded {...(props as unknown as Props)} />;
      },
    })),
  );
  return function SplitPart(props: Props) {
    const [token] = useState(() => ({}));
    const shown = useRef(false);
    const onShown = useCallback(() => {
      shown.current = true;
      waiting.delete(token);
      settled();
    }, [token]);
    // Children's effects run first: a part whose code was already there has shown by now.
    useEffect(() => {
      if (!shown.current) waiting.add(token);
      return () => {
        waiting.delete(token);
        settled();
      };
    }, [token]);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} onShown={onShown} />
      </Suspense>
    );
  };
}
