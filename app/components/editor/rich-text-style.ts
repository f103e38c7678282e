/**
 * The look of article HTML, shared by the editor and the pages that show stored articles, so a post reads the same
 * while written and when published. Put it on the element whose inner HTML is the stored content.
 */
export const richTextClassName = [
  "break-words leading-relaxed",
  "[&_p]:my-2 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_p]:my-0.5",
  "[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-[var(--border)] [&_blockquote]:pl-3",
  "[&_a]:text-[var(--link)] [&_a]:underline [&_a]:underline-offset-2",
  "[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_[data-youtube-video]]:my-3",
  "[&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_iframe]:max-w-2xl [&_iframe]:rounded-lg [&_iframe]:border-0",
].join(" ");
