import { isRouteErrorResponse } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";

/** The write page refused (not the author, locked, no such review): the reason, and the way to the member's reviews. */
export function ReviewRefusal({ error }: { error: unknown }) {
  const t = useT();
  if (!isRouteErrorResponse(error) || ![403, 404, 409].includes(error.status)) throw error;
  const message = error.statusText || String(error.data);
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
      <title>{`${message} | ${t("app.name")}`}</title>
      <h1 className="text-xl font-extrabold">{message}</h1>
      <LocalLink
        to="/review/motorcycle/my"
        className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("review.nav.my")}
      </LocalLink>
    </section>
  );
}
