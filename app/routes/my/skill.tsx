import type { Submission } from "@conform-to/react";
import { data, useActionData } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/skill";
import { SkillKindsIntro } from "#app/components/skill/SkillBits";
import { SkillCard } from "#app/components/skill/SkillCard";
import { SkillForm } from "#app/components/skill/SkillForm";
import type { AddBlock, AddState, SkillActionResult, SkillFormOptions } from "#app/components/skill/types";
import { Notice } from "#app/components/ui/fields";
import { languageFromPath, localizePath, type Language, type MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import {
  type SkillKind,
  COACHING_MIN_YEARS,
  isSkillKind,
  skillCodeTables,
  skillFormSchema,
  skillKinds,
  skillTargetSchema,
} from "#app/services/meetings/skills/skill.schema";
import {
  deleteSkill,
  listMySkills,
  ownedModels,
  saveSkill,
  setSkillActive,
  skillLocations,
  skillStanding,
} from "#app/services/meetings/skills/skills.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, parseSubmission, typedTexts, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "skill.title" };

/**
 * The member's skills (/my/skill): a card per skill with its switch, edit (`?edit=`) and delete, and an add form per
 * kind (`?add=<kind>` opens one). Everything works without JavaScript; the service checks every rule again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const [skills, locations, owned, standing, ...codeLists] = await Promise.all([
    listMySkills(db, actor),
    skillLocations(db, actor.id),
    ownedModels(db, actor.id),
    skillStanding(db, clock, actor.id),
    ...Object.values(skillCodeTables).map((table) => listFilterTable(db, table)),
  ]);
  const codes = Object.fromEntries(
    Object.keys(skillCodeTables).map((kind, index) => [
      kind,
      codeLists[index]!.map((item) => ({ code: item.code, label: item.label })),
    ]),
  ) as SkillFormOptions["codes"];
  const offeredModels = new Set(skills.map((skill) => skill.modelId));
  const models = owned.filter((model) => !offeredModels.has(model.modelId));
  const blockOf = (kind: SkillKind): AddBlock => {
    if (locations.length === 0) return { reason: "noLocation" };
    if (kind === "owner") {
      if (owned.length === 0) return { reason: "ownerNone" };
      return models.length === 0 ? { reason: "ownerAllOffered" } : null;
    }
    if (skills.some((skill) => skill.kind === kind)) return { reason: "exists" };
    if (kind === "coaching" && (standing.ridingYears ?? 0) < COACHING_MIN_YEARS)
      return { reason: "coachingYears", years: standing.ridingYears ?? 0 };
    return null;
  };
  const requested = url.searchParams.get("add");
  return {
    skills,
    options: { locations, models, codes, business: standing.business } satisfies SkillFormOptions,
    ban: standing.ban,
    add: Object.fromEntries(skillKinds.map((kind) => [kind, blockOf(kind)])) as AddState,
    editId: idOrNull(url.searchParams.get("edit")),
    openKind: isSkillKind(requested) ? requested : null,
  };
}

const flashOf = {
  added: "skill.flash.added",
  saved: "skill.flash.saved",
  on: "skill.flash.on",
  off: "skill.flash.off",
  delete: "skill.flash.deleted",
} as const satisfies Record<string, MessageKey>;

/** The form a refusal belongs to: a skill's card, the edit form of a skill, or the add form of a kind. */
function formKeyOf(submission: Submission<unknown, string[], unknown>, card: boolean) {
  const { skillId, kind } = typedTexts(submission, formKeyFields);
  if (card) return `card-${skillId ?? ""}`;
  return idOrNull(skillId) ? `edit-${skillId}` : `add-${kind ?? ""}`;
}

const formKeyFields = new Set(["skillId", "kind"]);

/** A card's button: switch the skill on or off, or delete it. */
type CardTarget = Exclude<z.output<typeof skillTargetSchema>, { intent: "save" }>;

async function switchOrDelete(request: Request, target: CardTarget, formKey: string, language: Language) {
  const actor = await requireActor(request);
  const { db, clock } = getRuntime();
  try {
    if (target.intent === "toggle")
      await setSkillActive(db, clock, actor, target.skillId, target.active === "on");
    else await deleteSkill(db, clock, actor, target.skillId);
  } catch (error) {
    const refused = domainFailure(language, error);
    return data(
      { formKey, error: refused.data.error } satisfies SkillActionResult,
      refused.init ?? undefined,
    );
  }
  const key = target.intent === "toggle" ? flashOf[target.active] : flashOf.delete;
  return redirectWithFlash(localizePath(language, "/my/skill"), { key });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const form = await readForm(request);
  const { refusal, submission: target } = parseIntentSubmission(form, skillTargetSchema, language);
  if (refusal) return refusal;
  if (target.status !== "success")
    return data(
      { formKey: formKeyOf(target, true), lastResult: target.reply() } satisfies SkillActionResult,
      {
        status: 400,
      },
    );
  if (target.value.intent !== "save")
    return switchOrDelete(request, target.value, formKeyOf(target, true), language);

  const submission = parseSubmission(form, skillFormSchema);
  const formKey = formKeyOf(submission, false);
  if (submission.status !== "success")
    return data({ formKey, lastResult: submission.reply() } satisfies SkillActionResult, { status: 400 });
  const { skill } = submission.value;
  try {
    await saveSkill(db, clock, actor, skill, submission.value.skillId);
  } catch (error) {
    const refused = withLastResult(domainFailure(language, error), submission);
    return data(
      { formKey, lastResult: refused.data.lastResult, error: refused.data.error } satisfies SkillActionResult,
      refused.init ?? undefined,
    );
  }
  return redirectWithFlash(localizePath(language, "/my/skill"), {
    key: submission.value.skillId ? flashOf.saved : flashOf.added,
  });
}

function AddBlocked({ block }: { block: Exclude<AddBlock, null> }) {
  const t = useT();
  switch (block.reason) {
    case "exists":
      return <p className="text-muted text-sm">{t("skill.add.exists")}</p>;
    case "ownerAllOffered":
      return <p className="text-muted text-sm">{t("skill.add.ownerAllOffered")}</p>;
    case "coachingYears":
      return <p className="text-muted text-sm">{t("skill.add.coachingYears", { years: block.years })}</p>;
    case "ownerNone":
      return (
        <p className="text-muted text-sm">
          {t("skill.add.ownerNone")}{" "}
          <LocalLink to="/my/garage" className="text-link font-semibold underline">
            {t("skill.add.ownerGarage")}
          </LocalLink>
        </p>
      );
    case "noLocation":
      return (
        <p className="text-muted text-sm">
          {t("skill.add.noLocation")}{" "}
          <LocalLink to="/profile" className="text-link font-semibold underline">
            {t("skill.add.profileLink")}
          </LocalLink>
        </p>
      );
  }
}

export default function MySkills({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as SkillActionResult | undefined;
  const { skills, options, ban, add, editId, openKind } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("skill.title")}</h1>
        <p className="text-muted text-sm">{t("skill.intro")}</p>
      </header>

      {ban ? (
        <Notice>{ban.until ? t("skill.banned", { until: ban.until }) : t("skill.bannedPermanently")}</Notice>
      ) : null}

      <section aria-labelledby="skill-mine" className="space-y-3">
        <h2 id="skill-mine" className="flex items-baseline justify-between text-lg font-bold">
          {t("skill.mine")}
          <span className="text-muted text-sm font-normal">{t("skill.count", { count: skills.length })}</span>
        </h2>
        {skills.length === 0 ? (
          <div className="space-y-3">
            <p className="text-muted rounded-xl border border-dashed border-subtle p-4 text-sm">
              {t("skill.empty")}
            </p>
            <SkillKindsIntro />
          </div>
        ) : (
          <ul className="space-y-3">
            {skills.map((skill) => (
              <SkillCard
                key={skill.id}
                skill={skill}
                options={options}
                editing={editId === skill.id}
                result={result}
              />
            ))}
          </ul>
        )}
      </section>

      {ban ? null : (
        <section aria-labelledby="skill-add" className="space-y-3">
          <h2 id="skill-add" className="text-lg font-bold">
            {t("skill.add.title")}
          </h2>
          <ul className="space-y-2">
            {skillKinds.map((kind) => {
              const block = add[kind];
              const addResult = result?.formKey === `add-${kind}` ? result : undefined;
              return (
                <li key={kind}>
                  <details
                    open={openKind === kind || addResult !== undefined}
                    className="group rounded-xl border border-subtle"
                  >
                    <summary className="flex min-h-12 cursor-pointer list-none flex-col justify-center px-4 py-2">
                      <span className="font-semibold">
                        {t("skill.add.open", { kind: t(`skill.kind.${kind}`) })}
                      </span>
                      <span className="text-muted text-xs">{t(`skill.kindAbout.${kind}`)}</span>
                    </summary>
                    <div className="border-t border-subtle p-4">
                      {block ? (
                        <AddBlocked block={block} />
                      ) : (
                        <SkillForm
                          kind={kind}
                          options={options}
                          lastResult={addResult?.lastResult}
                          error={addResult?.error}
                        />
                      )}
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
