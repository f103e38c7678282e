import { richTextClassName } from "#app/components/editor/rich-text-style";

/**
 * Content HTML that the server sanitised with the rich-text allow-list before storing it; it is shown as stored.
 */
export function RichContent({ html }: { html: string }) {
  return <div className={richTextClassName} dangerouslySetInnerHTML={{ __html: html }} />;
}
