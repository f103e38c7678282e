import { useRef, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import {
  consentField,
  consentKinds,
  type ConsentKind,
  type SignUpConsents,
} from "#app/services/auth/consents";

const labels: Record<ConsentKind, MessageKey> = {
  terms: "consent.terms",
  privacy: "consent.privacy",
  age: "consent.age",
  marketing: "consent.marketing",
};
const documents: Partial<Record<ConsentKind, { to: string; name: MessageKey }>> = {
  terms: { to: "/policy/terms", name: "footer.terms" },
  privacy: { to: "/policy/privacy", name: "footer.privacy" },
};

/**
 * One box per consent, as Korean sign-up forms have them: three required, marketing optional, each policy one link
 * away. "Agree to all" ticks every box; it needs JavaScript, so it appears only once the page is interactive.
 */
export function ConsentFields({ checked }: { checked: Partial<SignUpConsents> }) {
  const t = useT();
  const group = useRef<HTMLFieldSetElement>(null);
  const interactive = useHydrated();
  const [all, setAll] = useState(consentKinds.every((kind) => checked[kind]));
  const boxes = () => [...(group.current?.querySelectorAll<HTMLInputElement>("input[data-consent]") ?? [])];
  return (
    <fieldset ref={group} className="space-y-2 rounded-lg border border-subtle p-3">
      <legend className="px-1 text-sm font-semibold">{t("consent.title")}</legend>
      {interactive ? (
        <label className="flex min-h-11 items-center gap-2 border-b border-subtle pb-2 font-semibold">
          <input
            type="checkbox"
            className="size-5"
            checked={all}
            onChange={(event) => {
              for (const box of boxes()) box.checked = event.target.checked;
              setAll(event.target.checked);
            }}
          />
          {t("consent.all")}
        </label>
      ) : null}
      {consentKinds.map((kind) => {
        const document = documents[kind];
        return (
          <div key={kind} className="flex items-center justify-between gap-2 text-sm">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name={consentField(kind)}
                data-consent={kind}
                defaultChecked={Boolean(checked[kind])}
                required={kind !== "marketing"}
                className="size-5"
                onChange={() => setAll(boxes().every((box) => box.checked))}
              />
              {t(labels[kind])}
            </label>
            {document ? (
              // A new tab, so that what was typed in the form stays.
              <LocalLink
                to={document.to}
                target="_blank"
                rel="noopener"
                className="text-link shrink-0 underline"
              >
                {t("consent.view", { document: t(document.name) })}
              </LocalLink>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
