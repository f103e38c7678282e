import { useT } from "#app/i18n/react";
import { LocalLink } from "#app/i18n/react";

/** The one screen for a missing page and for unexpected errors: large status, 'Not Found!', a way home. */
export function ErrorScreen({ status, code }: { status: number; code?: string }) {
  const t = useT();
  const text =
    status === 404
      ? t("error.notFoundText")
      : status === 400
        ? t("error.badRequestText")
        : t("error.serverErrorText");
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center"
    >
      <p
        className="text-8xl font-extrabold tracking-tight text-primary dark:text-[var(--link)]"
        aria-hidden="true"
      >
        {status === 404 ? 404 : status}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("error.notFoundTitle")}</h1>
      <p className="text-muted mt-4 leading-relaxed">{text}</p>
      {code ? <p className="text-muted mt-2 text-sm">{t("error.code", { code })}</p> : null}
      <LocalLink
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("error.home")}
      </LocalLink>
    </main>
  );
}
