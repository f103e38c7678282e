import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type FileStorage, StorageError } from "./types";

/**
 * The embedded default: files in a directory (DATA_DIR/uploads), served by the app under `publicPath`.
 *
 * The content type is derived from the key's extension, the same way the static file handler that serves
 * `publicPath` derives it, so what `get` answers and what a browser receives always agree. `put` refuses a content
 * type that disagrees with the extension.
 */

export interface LocalStorageOptions {
  /** The directory that holds the files, for example DATA_DIR/uploads. Created when missing. */
  root: string;
  /** The URL path the directory is served under. */
  publicPath?: string;
}

const contentTypes: Record<string, string> = {
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** The content type a key's extension stands for; unknown extensions are plain bytes. */
export function contentTypeForKey(key: string): string {
  return contentTypes[path.posix.extname(key)] ?? "application/octet-stream";
}

function normalizeContentType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

export function createLocalStorage({ root, publicPath = "/uploads" }: LocalStorageOptions): FileStorage {
  const base = path.resolve(root);
  const prefix = publicPath.replace(/\/+$/, "");

  const fileFor = (key: string): string => {
    assertStorageKey(key);
    const file = path.resolve(base, ...key.split("/"));
    // The key rules already make this impossible; checked again because this is the line that guards the disk.
    if (!file.startsWith(base + path.sep))
      throw new StorageError("invalid_key", "Storage key leaves the root");
    return file;
  };

  return {
    kind: "local",

    async put(key, body, contentType) {
      const file = fileFor(key);
      const expected = contentTypeForKey(key);
      if (normalizeContentType(contentType) !== expected) {
        throw new StorageError(
          "invalid_content_type",
          `Content type ${contentType} does not match the key's extension (${expected})`,
        );
      }
      const dir = path.dirname(file);
      // A dot-prefixed name can never be a key, so the temporary file cannot clash with a stored one.
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await fs.mkdir(dir, { recursive: true });
        const handle = await fs.open(temp, "wx", 0o644);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw new StorageError("storage_failed", `Could not store ${key}: ${reason(error)}`, {
          cause: error,
        });
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { body: await fs.readFile(file), contentType: contentTypeForKey(key) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
        throw new StorageError("storage_failed", `Could not read ${key}: ${reason(error)}`, { cause: error });
      }
    },

    async delete(key) {
      const file = fileFor(key);
      try {
        await fs.unlink(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return;
        throw new StorageError("storage_failed", `Could not delete ${key}: ${reason(error)}`, {
          cause: error,
        });
      }
    },

    url(key) {
      assertStorageKey(key);
      return `${prefix}/${key}`;
    },
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
