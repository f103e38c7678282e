/**
 * The rich-text editor of articles. It submits its HTML in a hidden field called `name`; the server sanitises it.
 * (First version: a plain text area; the Tiptap editor replaces it.)
 */
export interface RichTextEditorProps {
  /** Form field that carries the HTML. */
  name: string;
  /** Accessible label of the editing area. */
  label: string;
  defaultValue?: string;
  /** Most images the content may hold. */
  maxImages?: number;
  /** Most YouTube videos the content may hold. */
  maxVideos?: number;
  /** Error message to show under the editor (and announce). */
  error?: string;
  required?: boolean;
}

export function RichTextEditor({ name, label, defaultValue, error, required }: RichTextEditorProps) {
  return (
    <label className="block space-y-1">
      <span className="text-sm font-semibold">{label}</span>
      <textarea
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        className="min-h-48 w-full rounded-lg border p-3"
      />
      {error ? <span className="text-sm text-rose-600">{error}</span> : null}
    </label>
  );
}
