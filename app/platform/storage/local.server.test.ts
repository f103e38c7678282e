import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentTypeForKey, createLocalStorage } from "./local.server";
import { assertStorageKey, StorageError } from "./types";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-storage-"));
  dirs.push(dir);
  return dir;
}

/** Every file under `dir`, relative, including hidden ones. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function refusal(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe("storage keys", () => {
  it("accepts server-generated keys", () => {
    for (const key of ["avatar/2026/11/0b6c8f2e-4a51-4f4c-9d7e-2f0c1a3b5d6e.webp", "a", "post/x_y-z.1.jpg"]) {
      expect(() => assertStorageKey(key)).not.toThrow();
    }
  });

  it("refuses keys that could leave the root or are not plain", () => {
    const bad = [
      "",
      "../x",
      "a/../b",
      "a/..",
      "./a",
      "/abs",
      "/etc/passwd",
      "a//b",
      "a/",
      "a/.hidden",
      "A.webp",
      "a b.webp",
      "a\\b",
      "a/%2e%2e/b",
      "사진.jpg",
      "a\u0000b",
      "x".repeat(513),
    ];
    for (const key of bad) {
      expect(() => assertStorageKey(key), JSON.stringify(key)).toThrow(StorageError);
    }
  });
});

describe("local storage", () => {
  it("puts, gets and deletes a file under the root and serves it under the public path", async () => {
    const root = tempDir();
    const storage = createLocalStorage({ root });
    expect(storage.kind).toBe("local");
    const key = "avatar/2026/11/0b6c8f2e-4a51-4f4c-9d7e-2f0c1a3b5d6e.webp";
    const body = Buffer.from("RIFF....WEBPVP8 fake");

    await storage.put(key, body, "image/webp");
    expect(
      fs.readFileSync(path.join(root, "avatar", "2026", "11", "0b6c8f2e-4a51-4f4c-9d7e-2f0c1a3b5d6e.webp")),
    ).toEqual(body);
    expect(await storage.get(key)).toEqual({ body, contentType: "image/webp" });
    expect(storage.url(key)).toBe(`/uploads/${key}`);
    // The write went through a temporary file that is gone afterwards.
    expect(listFiles(root)).toEqual([
      path.join("avatar", "2026", "11", "0b6c8f2e-4a51-4f4c-9d7e-2f0c1a3b5d6e.webp"),
    ]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(listFiles(root)).toEqual([]);
  });

  it("replaces a file, answers undefined for a missing one and ignores deleting a missing one", async () => {
    const storage = createLocalStorage({ root: tempDir(), publicPath: "/files/" });
    await storage.put("post/a.jpg", Buffer.from("one"), "image/jpeg");
    await storage.put("post/a.jpg", Buffer.from("two"), "image/jpeg; charset=binary");
    expect((await storage.get("post/a.jpg"))?.body.toString()).toBe("two");
    expect(await storage.get("post/missing.jpg")).toBeUndefined();
    expect(await storage.get("post")).toBeUndefined();
    expect(await storage.get("post/a.jpg/deeper.jpg")).toBeUndefined();
    await expect(storage.delete("post/missing.jpg")).resolves.toBeUndefined();
    expect(storage.url("post/a.jpg")).toBe("/files/post/a.jpg");
  });

  it("derives the content type from the extension and refuses one that disagrees", async () => {
    const storage = createLocalStorage({ root: tempDir() });
    expect(contentTypeForKey("a/b.pdf")).toBe("application/pdf");
    expect(contentTypeForKey("a/b.jpg")).toBe("image/jpeg");
    expect(contentTypeForKey("a/b.bin")).toBe("application/octet-stream");
    const error = await refusal(storage.put("a/b.png", Buffer.from("x"), "image/jpeg"));
    expect(error.code).toBe("invalid_content_type");
    expect(await storage.get("a/b.png")).toBeUndefined();
  });

  it("refuses bad keys in every operation without touching the disk", async () => {
    const parent = tempDir();
    const root = path.join(parent, "uploads");
    const storage = createLocalStorage({ root });
    for (const key of ["../x", "/abs", "../uploads-evil/x.png", "a/../../x.png"]) {
      expect((await refusal(storage.put(key, Buffer.from("x"), "image/png"))).code).toBe("invalid_key");
      expect((await refusal(storage.get(key))).code).toBe("invalid_key");
      expect((await refusal(storage.delete(key))).code).toBe("invalid_key");
      expect(() => storage.url(key)).toThrow(StorageError);
    }
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it("reports a failed write as a storage error and leaves no temporary file", async () => {
    const root = tempDir();
    const storage = createLocalStorage({ root });
    // A file where the key needs a directory.
    fs.writeFileSync(path.join(root, "post"), "in the way");
    const error = await refusal(storage.put("post/a.jpg", Buffer.from("x"), "image/jpeg"));
    expect(error.code).toBe("storage_failed");
    expect(listFiles(root)).toEqual(["post"]);
  });
});
