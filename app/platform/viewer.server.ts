import type { Viewer } from "#app/shell/guards";

/**
 * The signed-in member behind a request. Accounts and sessions are not part of the product yet, so every request
 * is a visitor's; the sign-in work replaces this with the session lookup.
 */
export async function getViewer(_request: Request): Promise<Viewer | null> {
  return null;
}
