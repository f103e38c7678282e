const sizes = {
  "3xs": "size-4 text-[0.5rem]",
  "2xs": "size-5 text-[0.55rem]",
  xs: "size-6 text-[0.6rem]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-12 text-base",
  xl: "size-16 text-lg",
  "2xl": "size-20 text-xl",
  "3xl": "size-24 text-2xl",
} as const;

export type AvatarSize = keyof typeof sizes;

/** Initials from up to two words: "Moto Mate" → "MM", "라이더" → "라"; empty names give "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  if (words.length === 0) return "?";
  return words.map((word) => [...word][0]!.toUpperCase()).join("");
}

/** A member's picture, or their initials when there is none. */
export function Avatar({
  name,
  src,
  size = "md",
  alt,
}: {
  name: string;
  src?: string | null;
  size?: AvatarSize;
  alt?: string;
}) {
  if (src) {
    return <img src={src} alt={alt ?? ""} className={`${sizes[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt}
      aria-hidden={alt ? undefined : true}
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white`}
    >
      {initials(name)}
    </span>
  );
}
