import type { ReactNode } from "react";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { type SkillKind, skillKinds } from "#app/services/meetings/skills/skill.schema";
import type { PublicSkill } from "#app/services/meetings/skills/skills.server";

/** Weekdays by their number (0 = Sunday), as the catalogue names them. */
export const weekdayKeys = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What a skill offers, where and when: the district and radius only, never a position. */
export function SkillDetails({ skill }: { skill: PublicSkill }) {
  const t = useT();
  const language = useLanguage();
  const perTrip = skill.kind === "rescue" || skill.kind === "pickup";
  const price =
    skill.priceGuide === null
      ? t("skill.card.priceNone")
      : skill.priceGuide === 0
        ? t("skill.card.priceFree")
        : t(perTrip ? "skill.card.priceTrip" : "skill.card.priceHour", { price: skill.priceGuide });
  const { availability } = skill;
  const when = availability.onCall
    ? t("skill.card.onCall")
    : t("skill.card.hours", {
        days: availability.days.map((day) => t(`time.weekday.${weekdayKeys[day]!}`)).join("·"),
        from: availability.from ?? "",
        to: availability.to ?? "",
      });
  return (
    <dl className="space-y-1">
      {skill.model ? <Row label={t("skill.card.model")}>{skill.model[language]}</Row> : null}
      {skill.repairLevel ? (
        <Row label={t("skill.card.level")}>
          {t(`skill.level.${skill.repairLevel}`)}
          {skill.outsideRepair ? ` · ${t("skill.card.outsideRepair")}` : ""}
        </Row>
      ) : null}
      {skill.codes.length > 0 ? (
        <Row label={t(skill.kind === "pickup" ? "skill.card.items" : "skill.card.codes")}>
          {skill.codes.map((code) => code.label[language]).join(", ")}
        </Row>
      ) : null}
      {skill.truck ? <Row label={t("skill.card.truck")}>✓</Row> : null}
      {skill.entries.length > 0 ? (
        <Row label={t("skill.card.entries")}>
          <ul className="flex flex-wrap gap-1">
            {skill.entries.map((entry) => (
              <li key={entry} className="rounded-full border border-subtle px-2 text-xs leading-6">
                {entry}
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      <Row label={t("skill.card.area")}>
        {t("skill.card.areaRadius", { area: skill.area[language], radius: skill.radiusKm })}
      </Row>
      <Row label={t("skill.card.price")}>{price}</Row>
      <Row label={t("skill.card.availability")}>{when}</Row>
    </dl>
  );
}

/** The five kinds, what each is, and the finder page of each: what an empty skill list explains. */
export function SkillKindsIntro() {
  const t = useT();
  return (
    <ul className="space-y-3">
      {skillKinds.map((kind: SkillKind) => (
        <li key={kind} className="rounded-xl border border-subtle p-3">
          <p className="font-semibold">{t(`skill.kind.${kind}`)}</p>
          <p className="text-muted text-sm">{t(`skill.kindAbout.${kind}`)}</p>
          <LocalLink to={`/meeting/${kind}`} className="text-link text-sm font-semibold underline">
            {t("skill.learnMore", { kind: t(`skill.kind.${kind}`) })}
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}
