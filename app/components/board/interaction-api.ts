import { localizePath, type Language } from "#app/i18n";

/** A refused or failed call: the server's localised message, or the caller's fallback when there was none. */
export class InteractionFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = "InteractionFailure";
  }
}

/** Calls one of the interaction endpoints (/api/board/…) and answers its JSON, in the page's language. */
export async function callInteraction<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  language: Language,
  fallbackMessage: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}?lang=${language}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new InteractionFailure("network", fallbackMessage, null);
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const error = data?.error as { code?: string; message?: string } | undefined;
    throw new InteractionFailure(error?.code ?? "failed", error?.message ?? fallbackMessage, data);
  }
  return data as T;
}

/** The sign-in page, coming back to `here` afterwards (the login page reads `redirectTo`). */
export function loginPath(language: Language, here: string): string {
  return `${localizePath(language, "/login")}?redirectTo=${encodeURIComponent(here)}`;
}

/** The comment section tells the article's actions its new comment count through this window event. */
export const COMMENT_COUNT_EVENT = "motomate:comment-count";
export interface CommentCountDetail {
  articleId: number;
  commentCount: number;
}
