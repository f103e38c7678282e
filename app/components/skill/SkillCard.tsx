import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { SkillDetails } from "./SkillBits";
import { SkillForm } from "./SkillForm";
import type { MySkill, SkillActionResult, SkillFormOptions } from "./types";

/**
 * One of the member's skills: what it offers, an on/off switch, edit and delete (asked first). Editing opens the
 * form in place (`?edit=`), and a refused edit keeps it open with what was typed.
 */
export function SkillCard({
  skill,
  options,
  editing,
  result,
}: {
  skill: MySkill;
  options: SkillFormOptions;
  editing: boolean;
  result?: SkillActionResult;
}) {
  const t = useT();
  const language = useLanguage();
  const navigation = useNavigation();
  const kind = t(`skill.kind.${skill.kind}`);
  const title = skill.model ? `${kind} · ${skill.model[language]}` : kind;
  const busy = navigation.state === "submitting";
  const editResult = result?.formKey === `edit-${skill.id}` ? result : undefined;
  const cardResult = result?.formKey === `card-${skill.id}` ? result : undefined;
  return (
    <li className="space-y-3 rounded-xl border border-subtle p-4" data-skill={skill.id}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-bold">{title}</h3>
          <p
            className={`text-xs font-semibold ${skill.active ? "text-emerald-700 dark:text-emerald-300" : "text-muted"}`}
          >
            {t(skill.active ? "skill.card.on" : "skill.card.off")}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="skillId" value={skill.id} />
          <input type="hidden" name="active" value={skill.active ? "off" : "on"} />
          <button
            type="submit"
            name="intent"
            value="toggle"
            role="switch"
            aria-checked={skill.active}
            aria-label={t("skill.card.switchLabel", { kind: title })}
            disabled={busy}
            className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border border-subtle transition-colors disabled:opacity-60 ${skill.active ? "bg-primary" : "surface-muted"}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${skill.active ? "translate-x-7" : "translate-x-1"}`}
            />
          </button>
        </Form>
      </div>
      <FormAlert error={cardResult?.error} />
      {editing || editResult ? (
        <SkillForm
          kind={skill.kind}
          skill={skill}
          options={options}
          lastResult={editResult?.lastResult}
          error={editResult?.error}
          cancelTo="/my/skill"
        />
      ) : (
        <>
          <SkillDetails skill={skill} />
          <div className="grid grid-cols-2 gap-2">
            <LocalLink
              to={`/my/skill?edit=${skill.id}`}
              aria-label={t("skill.card.editTitle", { kind: title })}
              className="surface inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold"
            >
              {t("skill.card.edit")}
            </LocalLink>
            <Form method="post">
              <input type="hidden" name="skillId" value={skill.id} />
              <ConfirmButton
                name="intent"
                value="delete"
                aria-label={t("skill.card.deleteConfirm", { kind: title })}
                className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-rose-300 px-4 text-sm font-semibold text-rose-800 dark:text-rose-200"
                confirm={{
                  title: t("skill.card.deleteConfirm", { kind: title }),
                  description: t("skill.card.deleteText"),
                  action: t("skill.card.deleteAction"),
                }}
              >
                {t("skill.card.delete")}
              </ConfirmButton>
            </Form>
          </div>
        </>
      )}
    </li>
  );
}
