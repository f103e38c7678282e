import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { overRichTextBytes } from "../content/limits";
import { checkbox, idText, optionalText, requiredText } from "../form-fields";
import { frameNumberField } from "../theft/frame-number";
import { ARTICLE_TITLE_MAX } from "./kinds";

/**
 * The article form (/board/write and /board/guestbook/write, new and edited). It checks what the form can know;
 * the service checks again with what only it knows (the board's categories, the sanitised content's length,
 * images and videos) and its refusals are shown on the same fields.
 */
export const articleSchema = z
  .object({
    token: optionalText,
    /** The edited article's id; a text that is no id names no article (the service answers as for an unknown one). */
    id: optionalText,
    /** A topic board, or "guestbook". */
    kind: requiredText("board.error.kind_invalid"),
    categoryId: idText.optional().catch(undefined),
    title: requiredText("board.error.title_required").refine(
      (title) => [...title].length <= ARTICLE_TITLE_MAX,
      { error: "board.error.title_length" },
    ),
    // The editor's HTML, or plain text typed without JavaScript; measured before any reading, as the server reads it.
    content: z
      .string({ error: "board.error.content_required" })
      .refine((content) => content.trim() !== "", { error: "board.error.content_required" })
      .refine((content) => !overRichTextBytes(content), { error: "board.error.content_too_large" }),
    isPrivate: checkbox,
    /** A theft report's frame number (the `reportTheft` board only; elsewhere it is ignored). */
    frameNumber: frameNumberField,
  })
  .superRefine(
    (value, ctx) => {
      // Checked even while other fields are wrong, so the form names every missing field at once.
      const { kind, categoryId } = (value ?? {}) as { kind?: unknown; categoryId?: unknown };
      if (typeof kind === "string" && kind !== "guestbook" && categoryId === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["categoryId"],
          message: "board.error.category_required" satisfies MessageKey,
        });
    },
    { when: () => true },
  );

/** The step of the form without JavaScript that loads another board's categories (nothing is saved). */
export const articleBoardStepSchema = z.object({ intent: z.literal("board"), kind: optionalText });
