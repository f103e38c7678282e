import type { LucideIcon } from "lucide-react";
import Bold from "lucide-react/icons/letter-b";
import Heading3 from "lucide-react/icons/heading-3";
import ImagePlus from "lucide-react/icons/image-plus";
import Italic from "lucide-react/icons/italic";
import Link from "lucide-react/icons/link";
import List from "lucide-react/icons/list";
import ListOrdered from "lucide-react/icons/list-ordered";
import Strikethrough from "lucide-react/icons/strikethrough";
import Video from "lucide-react/icons/video";
import { useRef, useState, type KeyboardEvent } from "react";

export interface ToolbarButton {
  key: string;
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** Toggles say whether they are on; actions that open a panel say whether it is open. */
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
}

export const toolbarIcons = {
  heading: Heading3,
  bold: Bold,
  italic: Italic,
  strike: Strikethrough,
  bulletList: List,
  orderedList: ListOrdered,
  link: Link,
  image: ImagePlus,
  youtube: Video,
} satisfies Record<string, LucideIcon>;

/** One tab stop; the arrow keys, Home and End move between the buttons (the ARIA toolbar pattern). */
export function EditorToolbar({
  label,
  buttons,
  controls,
}: {
  label: string;
  buttons: ToolbarButton[];
  controls: string;
}) {
  const [active, setActive] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = buttons.length - 1;
    const next =
      event.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : event.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap gap-1 border-b border-subtle surface-muted px-2 py-1.5"
    >
      {buttons.map((button, index) => {
        const Icon = button.icon;
        return (
          <button
            key={button.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            tabIndex={index === active ? 0 : -1}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed}
            aria-expanded={button.expanded}
            disabled={button.disabled}
            onFocus={() => setActive(index)}
            // Keeps the editor's selection while the pointer presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.onClick}
            className="inline-flex size-10 items-center justify-center rounded-md text-[var(--text)] hover:bg-[var(--surface)] disabled:opacity-50 aria-pressed:bg-primary aria-pressed:text-white aria-expanded:bg-[var(--surface)] aria-expanded:ring-2 aria-expanded:ring-primary"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        );
      })}
    </div>
  );
}
