import { Outlet, useRouteLoaderData } from "react-router";
import { BottomTabBar } from "#app/shell/BottomTabBar";
import { Footer } from "#app/shell/Footer";
import { Header } from "#app/shell/Header";
import type { loader as rootLoader } from "#app/root";

/** Header with the menu, the page, the footer, and the tab bar on small screens. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <Header
        menu={root?.menu ?? []}
        staffPages={root?.staffPages ?? []}
        theme={root?.theme ?? "auto"}
        viewer={root?.session ?? null}
      />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6">
        <Outlet />
      </main>
      <Footer />
      <BottomTabBar />
    </>
  );
}
