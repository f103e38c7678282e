import Image from "@tiptap/extension-image";
import Youtube from "@tiptap/extension-youtube";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { formatNumber } from "#app/i18n/message";
import { useT } from "#app/i18n/react";
import { ARTICLE_MAX_IMAGES, ARTICLE_MAX_VIDEOS, ARTICLE_TEXT_MAX } from "#app/services/board/kinds";
import { RICH_TEXT_MAX_BYTES, utf8Bytes } from "#app/services/content/limits";
import { parseYoutubeUrl, youtubeEmbedUrl } from "#app/services/content/youtube";
import { EditorToolbar, toolbarIcons, type ToolbarButton } from "./EditorToolbar";
import { richTextClassName } from "./rich-text-style";
import { useHydrated } from "#app/components/ui/use-hydrated";
import {
  ImageUploadError,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  POST_IMAGE_UPLOAD_URL,
  uploadImage,
} from "./upload-image";

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
  /** Most characters of text the content may hold. */
  maxChars?: number;
  /** Error message to show under the editor (and announce). */
  error?: string;
  required?: boolean;
  /** Told the HTML after each change the member makes. */
  onChange?: (html: string) => void;
  /** Where images are uploaded to; answers `{ url, width, height }`. */
  uploadUrl?: string;
}

type Panel = "link" | "youtube" | null;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Images whose address is http(s) or this site's. What the editor is given (a refused post as it was typed, a
 * paste) may hold any markup; the server keeps only its own uploads, and the editor never shows a script address.
 */
const WebImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) => {
          const src = element.getAttribute("src") ?? "";
          try {
            const { protocol } = new URL(src, window.location.href);
            return protocol === "http:" || protocol === "https:" ? null : false;
          } catch {
            return false;
          }
        },
      },
    ];
  },
});

function countMedia(editor: Editor) {
  let images = 0;
  let videos = 0;
  editor.state.doc.descendants((node) => {
    if (node.type.name === "image") images += 1;
    if (node.type.name === "youtube") videos += 1;
  });
  return { images, videos };
}

/** Inserts after the selection: a selected image or video is kept, not replaced. */
function insertMedia(editor: Editor, node: { type: string; attrs: Record<string, string> }) {
  editor.chain().focus().insertContentAt(editor.state.selection.to, node).run();
}

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

/** The text as the server counts it: blocks separated by one space, runs of white space as one. */
function countChars(editor: Editor): number {
  return [...editor.getText({ blockSeparator: " " }).replace(/\s+/g, " ").trim()].length;
}

const kilobytes = (bytes: number) => (bytes / 1000).toFixed(1).replace(/\.0$/, "");

/**
 * The rich-text editor of articles (Tiptap), loaded by ./RichTextEditor once the page is interactive. It submits its
 * HTML in a hidden field called `name`; the server sanitises it. Until the editor has started a plain text area
 * carries the field instead.
 */
export function TiptapEditor({
  name,
  label,
  defaultValue = "",
  maxImages = ARTICLE_MAX_IMAGES,
  maxVideos = ARTICLE_MAX_VIDEOS,
  maxChars = ARTICLE_TEXT_MAX,
  error,
  required,
  onChange,
  uploadUrl = POST_IMAGE_UPLOAD_URL,
}: RichTextEditorProps) {
  const t = useT();
  const id = useId();
  const ids = {
    label: `${id}-label`,
    area: `${id}-area`,
    fallback: `${id}-fallback`,
    hint: `${id}-hint`,
    error: `${id}-error`,
    problem: `${id}-problem`,
    file: `${id}-file`,
    panelInput: `${id}-panel-input`,
    panelError: `${id}-panel-error`,
  };
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const [panel, setPanel] = useState<Panel>(null);
  const [panelValue, setPanelValue] = useState("");
  const [panelError, setPanelError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const panelInputRef = useRef<HTMLInputElement>(null);
  // What was typed into the plain text area before the editor started, so it is not lost: its start value, then
  // each change up to the moment the editor replaces it.
  const typedBeforeStart = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useLayoutEffect(() => {
    typedBeforeStart.current = fallbackRef.current?.value ?? null;
  }, []);

  const describedBy = [ids.hint, error ? ids.error : null, problem ? ids.problem : null]
    .filter(Boolean)
    .join(" ");

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https"],
          isAllowedUri: (url) => isHttpUrl(url),
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
        },
      }),
      WebImage.configure({ allowBase64: false }),
      Youtube.configure({
        nocookie: false,
        width: 640,
        height: 360,
        addPasteHandler: false,
        HTMLAttributes: { title: t("editor.youtube.frameTitle") },
      }),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        id: ids.area,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": ids.label,
        class: `${richTextClassName} min-h-60 px-3 py-2 focus:outline-none`,
      },
    },
    onCreate: ({ editor: created }) => {
      const typed = typedBeforeStart.current;
      if (typed !== null && typed !== defaultValue) created.commands.setContent(typed, { emitUpdate: false });
      setHtml(htmlOf(created));
    },
    onUpdate: ({ editor: changed }) => {
      const next = htmlOf(changed);
      setProblem(null);
      setHtml(next);
      onChangeRef.current?.(next);
    },
  });

  // The accessible state of the editing area follows the form's errors.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id: ids.area,
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": ids.label,
          "aria-describedby": describedBy,
          ...(error ? { "aria-invalid": "true" } : {}),
          ...(required ? { "aria-required": "true" } : {}),
          class: `${richTextClassName} min-h-60 px-3 py-2 focus:outline-none`,
        },
      },
    });
  }, [editor, error, required, describedBy, ids.area, ids.label]);

  useEffect(() => {
    if (panel) panelInputRef.current?.focus();
  }, [panel]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            heading: current.isActive("heading", { level: 3 }),
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            strike: current.isActive("strike"),
            bulletList: current.isActive("bulletList"),
            orderedList: current.isActive("orderedList"),
            link: current.isActive("link"),
            chars: countChars(current),
            ...countMedia(current),
          }
        : null,
  });

  const bytes = useMemo(() => utf8Bytes(html), [html]);

  function openPanel(next: Exclude<Panel, null>) {
    if (!editor) return;
    setProblem(null);
    setPanelError(null);
    if (panel === next) return closePanel();
    if (next === "youtube" && countMedia(editor).videos >= maxVideos) {
      setPanel(null);
      setProblem(t("editor.youtube.alreadyRegistered"));
      return;
    }
    setPanelValue(next === "link" ? ((editor.getAttributes("link").href as string | undefined) ?? "") : "");
    setPanel(next);
  }

  function closePanel() {
    setPanel(null);
    setPanelError(null);
    editor?.commands.focus();
  }

  function applyLink() {
    if (!editor) return;
    const href = panelValue.trim();
    if (!isHttpUrl(href)) return setPanelError(t("editor.link.invalid"));
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange("link").setLink({ href }).run();
    }
    setPanel(null);
    setPanelError(null);
  }

  function removeLink() {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setPanel(null);
    setPanelError(null);
  }

  function insertVideo() {
    if (!editor) return;
    if (countMedia(editor).videos >= maxVideos) return setPanelError(t("editor.youtube.alreadyRegistered"));
    const video = parseYoutubeUrl(panelValue);
    if (!video) return setPanelError(t("editor.youtube.invalid"));
    insertMedia(editor, { type: "youtube", attrs: { src: youtubeEmbedUrl(video) } });
    setPanel(null);
    setPanelError(null);
  }

  function chooseImage() {
    if (!editor) return;
    setPanel(null);
    setProblem(null);
    if (countMedia(editor).images >= maxImages)
      return setProblem(t("editor.image.tooMany", { max: maxImages }));
    fileRef.current?.click();
  }

  async function upload(file: File) {
    if (!editor) return;
    if (countMedia(editor).images >= maxImages)
      return setProblem(t("editor.image.tooMany", { max: maxImages }));
    if (file.type && !(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      return setProblem(t("editor.upload.error.unsupported_type"));
    }
    if (file.size > POST_IMAGE_MAX_BYTES) return setProblem(t("editor.upload.error.too_large"));
    setProblem(null);
    setStatus(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress, uploadUrl);
      insertMedia(editor, { type: "image", attrs: { src: image.url, alt: "" } });
      setStatus(t("editor.image.inserted"));
    } catch (caught) {
      const message = caught instanceof ImageUploadError ? caught.serverMessage : undefined;
      setProblem(message ?? t("editor.image.failed"));
    } finally {
      setProgress(null);
    }
  }

  function panelKeys(event: KeyboardEvent<HTMLInputElement>) {
    // The panel sits inside the article form: Enter applies the panel instead of submitting the form.
    if (event.key === "Enter") {
      event.preventDefault();
      if (panel === "link") applyLink();
      else insertVideo();
    } else if (event.key === "Escape") {
      event.preventDefault();
      closePanel();
    }
  }

  const buttons: ToolbarButton[] = editor
    ? [
        {
          key: "heading",
          label: t("editor.toolbar.heading"),
          icon: toolbarIcons.heading,
          pressed: Boolean(state?.heading),
          onClick: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
        },
        {
          key: "bold",
          label: t("editor.toolbar.bold"),
          icon: toolbarIcons.bold,
          pressed: Boolean(state?.bold),
          onClick: () => editor.chain().focus().toggleBold().run(),
        },
        {
          key: "italic",
          label: t("editor.toolbar.italic"),
          icon: toolbarIcons.italic,
          pressed: Boolean(state?.italic),
          onClick: () => editor.chain().focus().toggleItalic().run(),
        },
        {
          key: "strike",
          label: t("editor.toolbar.strike"),
          icon: toolbarIcons.strike,
          pressed: Boolean(state?.strike),
          onClick: () => editor.chain().focus().toggleStrike().run(),
        },
        {
          key: "bulletList",
          label: t("editor.toolbar.bulletList"),
          icon: toolbarIcons.bulletList,
          pressed: Boolean(state?.bulletList),
          onClick: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          key: "orderedList",
          label: t("editor.toolbar.orderedList"),
          icon: toolbarIcons.orderedList,
          pressed: Boolean(state?.orderedList),
          onClick: () => editor.chain().focus().toggleOrderedList().run(),
        },
        {
          key: "link",
          label: t("editor.toolbar.link"),
          icon: toolbarIcons.link,
          pressed: Boolean(state?.link),
          expanded: panel === "link",
          onClick: () => openPanel("link"),
        },
        {
          key: "image",
          label: t("editor.toolbar.image"),
          icon: toolbarIcons.image,
          disabled: progress !== null,
          onClick: chooseImage,
        },
        {
          key: "youtube",
          label: t("editor.toolbar.youtube"),
          icon: toolbarIcons.youtube,
          expanded: panel === "youtube",
          onClick: () => openPanel("youtube"),
        },
      ]
    : [];

  return (
    <div className="space-y-1">
      <label
        id={ids.label}
        htmlFor={editor ? undefined : ids.fallback}
        onClick={() => editor?.commands.focus()}
        className="block text-sm font-semibold"
      >
        {label}
      </label>
      <p id={ids.hint} className="text-muted text-xs">
        {t("editor.field.contentHint", {
          maxImages,
          maxVideos,
          maxChars: formatNumber(maxChars),
          maxSize: kilobytes(RICH_TEXT_MAX_BYTES),
        })}
        {state ? (
          <>
            {" "}
            <span data-testid="editor-counts">
              {t("editor.counts", { images: state.images, maxImages, videos: state.videos, maxVideos })}
            </span>{" "}
            <span
              data-testid="editor-length"
              className={
                state.chars > maxChars || bytes > RICH_TEXT_MAX_BYTES
                  ? "font-semibold text-rose-700 dark:text-rose-300"
                  : undefined
              }
            >
              {t("editor.length", {
                chars: formatNumber(state.chars),
                maxChars: formatNumber(maxChars),
                size: kilobytes(bytes),
                maxSize: kilobytes(RICH_TEXT_MAX_BYTES),
              })}
            </span>
          </>
        ) : null}
      </p>
      <div
        className={`surface overflow-hidden rounded-lg border focus-within:ring-2 focus-within:ring-primary ${
          error ? "border-rose-600" : "border-subtle"
        }`}
      >
        {editor ? (
          <>
            <EditorToolbar label={t("editor.toolbar.label")} buttons={buttons} controls={ids.area} />
            {panel ? (
              <div
                role="group"
                aria-label={t(panel === "link" ? "editor.toolbar.link" : "editor.toolbar.youtube")}
                className="flex flex-wrap items-start gap-2 border-b border-subtle px-3 py-2"
              >
                <div className="min-w-48 flex-1 space-y-1">
                  <label htmlFor={ids.panelInput} className="block text-xs font-semibold">
                    {t(panel === "link" ? "editor.link.label" : "editor.youtube.label")}
                  </label>
                  <input
                    ref={panelInputRef}
                    id={ids.panelInput}
                    type="url"
                    inputMode="url"
                    value={panelValue}
                    placeholder={panel === "link" ? "https://" : "https://www.youtube.com/watch?v="}
                    onChange={(event) => setPanelValue(event.target.value)}
                    onKeyDown={panelKeys}
                    aria-invalid={panelError ? true : undefined}
                    aria-describedby={panelError ? ids.panelError : undefined}
                    className="surface block min-h-10 w-full rounded-md border border-subtle px-2 aria-[invalid]:border-rose-600"
                  />
                  {panelError ? (
                    <p id={ids.panelError} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                      {panelError}
                    </p>
                  ) : null}
                </div>
                <div className="flex gap-2 pt-5">
                  <button
                    type="button"
                    onClick={panel === "link" ? applyLink : insertVideo}
                    className="min-h-10 rounded-md bg-primary px-3 text-sm font-semibold text-white hover:bg-primary-strong"
                  >
                    {t(panel === "link" ? "editor.link.apply" : "editor.youtube.insert")}
                  </button>
                  {panel === "link" && state?.link ? (
                    <button
                      type="button"
                      onClick={removeLink}
                      className="min-h-10 rounded-md border border-subtle px-3 text-sm"
                    >
                      {t("editor.link.remove")}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={closePanel}
                    className="min-h-10 rounded-md border border-subtle px-3 text-sm"
                  >
                    {t(panel === "link" ? "editor.link.close" : "editor.youtube.close")}
                  </button>
                </div>
              </div>
            ) : null}
            <EditorContent editor={editor} />
            <input type="hidden" name={name} value={html} />
          </>
        ) : (
          <>
            {hydrated ? (
              <p role="status" className="text-muted flex items-center gap-2 px-3 py-2 text-sm">
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
                typedBeforeStart.current = event.currentTarget.value;
              }}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={[ids.hint, `${id}-plain`, error ? ids.error : null].filter(Boolean).join(" ")}
              className="surface block min-h-60 w-full px-3 py-2 focus:outline-none"
            />
            <p id={`${id}-plain`} className="text-muted border-t border-subtle px-3 py-1 text-xs">
              {t("editor.plainHint")}
            </p>
          </>
        )}
      </div>
      <label htmlFor={ids.file} className="sr-only">
        {t("editor.image.choose")}
      </label>
      <input
        ref={fileRef}
        id={ids.file}
        type="file"
        accept={POST_IMAGE_TYPES.join(",")}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      {progress !== null ? (
        <div role="status" className="flex items-center gap-2 text-sm">
          <progress
            max={100}
            value={progress}
            aria-label={t("editor.image.uploading", { percent: progress })}
          />
          <span>{t("editor.image.uploading", { percent: progress })}</span>
        </div>
      ) : status ? (
        <p role="status" className="text-muted text-sm">
          {status}
        </p>
      ) : null}
      {problem ? (
        <p id={ids.problem} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
