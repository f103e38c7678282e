import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/theft";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { verdictForm } from "#app/services/admin/console-forms.schema";
import { DomainError } from "#app/services/errors";
import { decideTheftHold, listTheftHolds } from "#app/services/theft/holds.server";
import { actingFrom } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "theft.admin.title" };

/** Administrators (with two-step verification) review listings held by the stolen-vehicle check; others get 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  return { holds: await listTheftHolds(getRuntime().db, actor) };
}

/** `intent` = release | keep with the hold's `id`. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), verdictForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { intent, id } = submission.value;
  const target = { intent, id: typedTexts(submission, new Set(["id"])).id ?? "" };
  try {
    if (id === null) throw new DomainError("theft", "hold_not_found");
    await decideTheftHold(db, clock, actor, id, intent, actingFrom(request));
  } catch (error) {
    const refused = domainFailure(language, error);
    return data({ ...refused.data, ...target }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, "/admin/theft"), {
    key: intent === "release" ? "theft.admin.flash.release" : "theft.admin.flash.keep",
  });
}

type ActionResult = { intent: string; id: string; error?: { code: string; message: string } };

const decisionClass = {
  release: "border border-subtle surface",
  keep: "bg-rose-700 text-white hover:bg-rose-800",
} as const;

export default function AdminTheft({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const { holds } = loaderData;
  const former = t("theft.admin.formerMember");
  const stray = result?.error && !holds.some((hold) => String(hold.id) === result.id);
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("theft.admin.title")}</h1>
      <p className="text-muted text-sm">{t("theft.admin.intro")}</p>
      {stray ? <FormAlert error={result!.error} /> : null}
      {holds.length === 0 ? (
        <p className="text-muted">{t("theft.admin.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {holds.map((hold) => {
            const mine = result && result.id === String(hold.id) ? result : undefined;
            return (
              <li
                key={hold.id}
                className="space-y-3 rounded-xl border border-subtle p-4"
                data-hold-state={hold.state}
              >
                <div className="space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-muted text-xs font-semibold">{t("theft.admin.listing")}</span>
                    <LocalLink to={hold.listing.path} className="text-link font-bold underline">
                      {hold.listing.title}
                    </LocalLink>
                    <span className="rounded-full border border-subtle px-2 py-0.5 text-xs">
                      {t(`theft.admin.state.${hold.state}`)}
                    </span>
                  </p>
                  <p className="text-muted text-xs">
                    {t("theft.admin.seller", { nickname: hold.listing.sellerNickname ?? former })}
                    {hold.listing.tail ? ` · ${t("theft.admin.tail", { tail: hold.listing.tail })}` : null}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="text-muted text-xs font-semibold">{t("theft.admin.report")}</span>
                    {hold.report.deleted ? (
                      <span>{t("theft.admin.reportDeleted")}</span>
                    ) : (
                      <LocalLink to={hold.report.path} className="text-link underline">
                        {hold.report.title}
                      </LocalLink>
                    )}
                    <span className="text-muted text-xs">
                      {t("theft.admin.reporter", { nickname: hold.report.reporterNickname ?? former })}
                    </span>
                  </p>
                  <p className="text-muted text-xs">
                    {t("theft.admin.heldAt")}: <Time at={hold.createdAt} format="dateTime" />
                  </p>
                </div>
                {mine?.error ? <FormAlert error={mine.error} /> : null}
                {hold.decisions.length > 0 ? (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={hold.id} />
                    {hold.decisions.map((decision) => (
                      <ConfirmButton
                        key={decision}
                        name="intent"
                        value={decision}
                        disabled={busy}
                        className={`inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-60 ${decisionClass[decision]}`}
                        confirm={{
                          title: t(`theft.admin.confirm.${decision}`, { title: hold.listing.title }),
                          action: t(`theft.admin.decision.${decision}`),
                          tone: decision === "keep" ? "danger" : "primary",
                        }}
                      >
                        {t(`theft.admin.decision.${decision}`)}
                      </ConfirmButton>
                    ))}
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
