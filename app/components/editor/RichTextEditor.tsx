import LoaderCircle from "lucide-react/icons/loader-circle";
import { useEffect, useId, useRef, useState } from "react";
import { formatNumber } from "#app/i18n/message";
import { useT } from "#app/i18n/react";
import { ARTICLE_MAX_IMAGES, ARTICLE_MAX_VIDEOS, ARTICLE_TEXT_MAX } from "#app/services/board/kinds";
import { RICH_TEXT_MAX_BYTES } from "#app/services/content/limits";
import { useHydrated } from "#app/components/ui/use-hydrated";
import type * as EditorModule from "./TiptapEditor";
import type { RichTextEditorProps } from "./TiptapEditor";

const kilobytes = (bytes: number) => (bytes / 1000).toFixed(1).replace(/\.0$/, "");

/**
 * The rich-text field of articles. The page ships a plain text area (the field without JavaScript, and while the
 * editor loads); the Tiptap editor is its own chunk, loaded once the page is interactive (ADR 032), and starts with
 * whatever was typed meanwhile.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const {
    name,
    label,
    defaultValue = "",
    maxImages = ARTICLE_MAX_IMAGES,
    maxVideos = ARTICLE_MAX_VIDEOS,
    maxChars = ARTICLE_TEXT_MAX,
    error,
    required,
  } = props;
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  // What the plain text area holds: read once the scripts run (typing before them fires no change), then kept on
  // each change, so a keystroke between the editor's arrival and its first render is not lost.
  const typed = useRef<string | null>(null);
  const [loaded, setLoaded] = useState<typeof EditorModule | null>(null);

  useEffect(() => {
    typed.current ??= fallbackRef.current?.value ?? null;
    let current = true;
    void import("./TiptapEditor").then((editor) => {
      if (current) setLoaded(editor);
    });
    return () => {
      current = false;
    };
  }, []);

  if (loaded) {
    // eslint-disable-next-line react-hooks/refs -- the text typed so far is the editor's start, read as it mounts
    return <loaded.TiptapEditor {...props} defaultValue={typed.current ?? defaultValue} />;
  }

  const ids = {
    fallback: `${id}-fallback`,
    hint: `${id}-hint`,
    loading: `${id}-loading`,
    plain: `${id}-plain`,
    error: `${id}-error`,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={ids.fallback} className="block text-sm font-semibold">
        {label}
      </label>
      <p id={ids.hint} className="text-muted text-xs">
        {t("editor.field.contentHint", {
          maxImages,
          maxVideos,
          maxChars: formatNumber(maxChars),
          maxSize: kilobytes(RICH_TEXT_MAX_BYTES),
        })}
      </p>
      <div
        aria-busy={hydrated || undefined}
        className={`surface overflow-hidden rounded-lg border focus-within:ring-2 focus-within:ring-primary ${
          error ? "border-rose-600" : "border-subtle"
        }`}
      >
        {hydrated ? (
          // Described to the field, not announced: a page's status region is for the outcome of what was done.
          <p id={ids.loading} className="text-muted flex items-center gap-2 px-3 py-2 text-sm">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {t("editor.loading")}
          </p>
        ) : null}
        <textarea
          ref={fallbackRef}
          id={ids.fallback}
          name={name}
          defaultValue={defaultValue}
          onChange={(event) => {
            typed.current = event.currentTarget.value;
          }}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hint, hydrated ? ids.loading : null, ids.plain, error ? ids.error : null]
            .filter(Boolean)
            .join(" ")}
          className="surface block min-h-60 w-full px-3 py-2 focus:outline-none"
        />
        <p id={ids.plain} className="text-muted border-t border-subtle px-3 py-1 text-xs">
          {t("editor.plainHint")}
        </p>
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
