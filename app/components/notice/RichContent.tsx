/**
 * Content HTML that the server sanitised with the rich-text allow-list before storing it; it is shown as stored.
 */
export function RichContent({ html }: { html: string }) {
  return (
    <div
      className="space-y-3 leading-relaxed break-words [&_a]:text-link [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-subtle [&_blockquote]:pl-3 [&_h3]:text-lg [&_h3]:font-bold [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
