/** Where uploaded files live: a directory under DATA_DIR by default, an S3-compatible bucket when configured. */

interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Which adapter this is ("local", "s3"), for logs. */
  readonly kind: string;
  /** Stores `body` under `key`, replacing what was there. Resolves once the file is complete and readable. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under `key`; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
}

export type StorageErrorCode = "invalid_key" | "invalid_content_type" | "storage_failed";

/** A storage operation was refused or failed. The message is safe to log; it never carries credentials. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StorageError";
  }
}

const MAX_KEY_LENGTH = 512;

const keyPattern = /^[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/;

/**
 * Keys are server-generated paths such as `avatar/2026/11/<uuid>.webp`: lower-case letters, digits, `.`, `_`, `-`
 * and `/` between non-empty segments. A segment may not start with a dot (no `..`, no hidden files), so a key can
 * never leave the storage root nor collide with the adapters' own temporary files.
 */
export function assertStorageKey(key: string): void {
  const valid =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    keyPattern.test(key) &&
    key.split("/").every((segment) => !segment.startsWith("."));
  if (!valid) {
    const shown = JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key);
    throw new StorageError("invalid_key", `Invalid storage key ${shown}`);
  }
}
