import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/alarm";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { alarmSettingForm } from "#app/services/notifications/alarm.schema";
import { alarmSettings, setAlarmSetting } from "#app/services/notifications/settings.server";
import { requireActor } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { domainFailure } from "#app/shell/domain.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

// No guard (as the spec says): visitors see the page with a sign-in prompt instead of the switches.
export const handle: RouteHandle = { titleKey: "alarm.settingsTitle" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (!viewer) return { settings: null };
  const language = languageFromPath(new URL(request.url).pathname);
  const settings = await alarmSettings(getRuntime().db, viewer.id);
  return {
    settings: settings.map((item) => ({
      type: item.type,
      label: item.label[language],
      enabled: item.enabled,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), alarmSettingForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { type, enabled } = submission.value;
  const { db, clock } = getRuntime();
  try {
    // The form names the state it wants, so a repeated submission changes nothing more.
    await setAlarmSetting(db, clock, actor.id, type, enabled);
  } catch (error) {
    return domainFailure(language, error, { type });
  }
  return { saved: type };
}

type Setting = NonNullable<Route.ComponentProps["loaderData"]["settings"]>[number];

function AlarmSwitch({ setting }: { setting: Setting }) {
  const t = useT();
  const labelId = useId();
  const fetcher = useFetcher<typeof action>();
  const wanted = fetcher.formData?.get("enabled");
  const on = typeof wanted === "string" ? wanted === "true" : setting.enabled;
  const error =
    fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : undefined;
  return (
    <li className="px-4 py-2">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <span id={labelId}>{setting.label}</span>
        <fetcher.Form method="post">
          <input type="hidden" name="type" value={setting.type} />
          <input type="hidden" name="enabled" value={on ? "false" : "true"} />
          <button
            type="submit"
            role="switch"
            aria-checked={on}
            aria-labelledby={labelId}
            className="group inline-flex min-h-11 items-center gap-2"
          >
            <span aria-hidden="true" className="text-muted w-12 text-right text-sm">
              {on ? t("alarm.settings.on") : t("alarm.settings.off")}
            </span>
            <span
              aria-hidden="true"
              className={`relative inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors ${
                on ? "border-primary bg-primary" : "border-[var(--text-muted)] bg-transparent"
              }`}
            >
              <span
                className={`inline-block size-5 rounded-full shadow transition-transform ${
                  on ? "translate-x-5 bg-white" : "translate-x-0.5 bg-[var(--text-muted)]"
                }`}
              />
            </span>
          </button>
        </fetcher.Form>
      </div>
      <FormAlert error={error} />
    </li>
  );
}

export default function AlarmSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const headingId = useId();
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("alarm.settingsTitle")}</h1>
      {loaderData.settings ? (
        <>
          <p className="text-muted text-sm">{t("alarm.settings.intro")}</p>
          <section aria-labelledby={headingId}>
            <h2 id={headingId} className="text-muted mb-1 px-1 text-sm font-semibold">
              {t("alarm.settings.types")}
            </h2>
            <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
              {loaderData.settings.map((setting) => (
                <AlarmSwitch key={setting.type} setting={setting} />
              ))}
            </ul>
          </section>
        </>
      ) : (
        <div className="space-y-4 rounded-xl border border-subtle px-4 py-8 text-center">
          <p>{t("alarm.settings.signInPrompt")}</p>
          <LocalLink
            to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}
            className="inline-flex min-h-11 items-center rounded-lg bg-primary px-5 font-semibold text-white"
          >
            {t("alarm.settings.signIn")}
          </LocalLink>
        </div>
      )}
    </section>
  );
}
