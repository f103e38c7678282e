import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import { useId, useState, type ComponentProps } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useT } from "#app/i18n/react";
import { useMessages } from "#app/components/forms/messages";

/** What a field of a schema form (`useSchemaForm`) gives its input: its name, ids, value to show and messages. */
export interface SchemaField {
  id: string;
  name: string;
  errorId: string;
  defaultValue: string | undefined;
  errors: string[] | undefined;
}

/**
 * A labelled input with its hint. A password field gets a toggle that shows what was typed; it needs JavaScript, so
 * it appears only once the page is interactive. Given the `field` of a schema form, the input takes its name and
 * value from it, and its messages show under it (described by them, marked invalid).
 */
export function Field({
  label,
  hint,
  error,
  field: schemaField,
  type,
  ...input
}: { label: string; hint?: string; error?: boolean; field?: SchemaField } & ComponentProps<"input">) {
  const ownId = useId();
  const id = schemaField?.id ?? ownId;
  const t = useT();
  const messages = useMessages()(schemaField?.errors);
  const interactive = useHydrated();
  const [shown, setShown] = useState(false);
  const toggles = type === "password" && interactive;
  const invalid = error || messages.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, messages.length > 0 ? schemaField!.errorId : null]
    .filter(Boolean)
    .join(" ");
  const field = (
    <input
      id={id}
      name={schemaField?.name}
      defaultValue={type === "password" ? undefined : schemaField?.defaultValue}
      type={toggles && shown ? "text" : type}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy || undefined}
      className={`surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600 ${toggles ? "pr-12" : ""}`}
      {...input}
    />
  );
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {/* A password field keeps one structure before and after the page hydrates, so what was typed early stays. */}
      {type === "password" ? (
        <div className="relative">
          {field}
          {toggles ? (
            <button
              type="button"
              aria-label={t("field.showPassword")}
              aria-pressed={shown}
              aria-controls={id}
              onClick={() => setShown((value) => !value)}
              className="text-muted absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg"
            >
              {shown ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
            </button>
          ) : null}
        </div>
      ) : (
        field
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      <FieldMessages id={schemaField?.errorId} messages={messages} />
    </div>
  );
}

/** A field's messages under it, announced when they appear. */
function FieldMessages({ id, messages }: { id: string | undefined; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
