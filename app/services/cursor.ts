/**
 * Keyset positions travel to the browser as opaque base64url JSON. Every list writes its own position (the sort key
 * of its last row) and checks the shape of what comes back before it uses it.
 */
export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/** The position inside a cursor, or undefined when there is none or it is not one of ours. */
export function readCursor(cursor: string | null | undefined): unknown {
  if (!cursor) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}
