import { readRichTextTask } from "./rich-text.server";

/** What a rich-text worker thread runs for each task (see server/rich-text-pool.ts). */
export default readRichTextTask;
