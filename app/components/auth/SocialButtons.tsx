import { Form } from "react-router";
import { useT } from "#app/i18n/react";
import type { ProviderOption } from "#app/services/auth/social";

/** One button per configured external provider; none is shown when none is configured. */
export function SocialButtons({
  providers,
  intent = "social",
}: {
  providers: ProviderOption[];
  intent?: string;
}) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="social-title" className="space-y-2">
      <h2 id="social-title" className="text-muted text-center text-sm">
        {t("auth.signIn.social")}
      </h2>
      {providers.map((provider) => (
        <Form method="post" key={provider.id}>
          <input type="hidden" name="provider" value={provider.id} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className="surface inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("auth.signIn.continueWith", { provider: provider.label })}
          </button>
        </Form>
      ))}
    </section>
  );
}
