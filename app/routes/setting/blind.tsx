import type { Route } from "./+types/blind";
import { RelatedMemberList } from "#app/components/members/RelatedMemberList";
import { languageFromPath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { relatedMemberForm } from "#app/services/members/relations.schema";
import { listBlinded, unblindMember } from "#app/services/members/relations.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "relations.blindTitle" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const members = await listBlinded(getRuntime().db, viewer.id);
  return { members: members.map((m) => ({ ...m, since: m.since.toISOString() })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), relatedMemberForm);
  if (submission.status !== "success")
    return refusedForm(languageFromPath(new URL(request.url).pathname), submission);
  await unblindMember(db, clock, actor.id, submission.value.userId);
  return null;
}

export default function BlindedMembers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("relations.blindTitle")}</h1>
      <p className="text-muted text-sm">{t("relations.blindText")}</p>
      <RelatedMemberList
        members={loaderData.members}
        empty={t("relations.blindEmpty")}
        actionLabel={t("relations.unblind")}
        confirmText={(nickname) => t("relations.unblindConfirm", { nickname })}
      />
    </section>
  );
}
