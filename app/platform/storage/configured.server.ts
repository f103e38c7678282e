import path from "node:path";
import type { AppConfig } from "../env.server";
import { createLocalStorage } from "./local.server";
import { createS3Storage } from "./s3.server";
import type { FileStorage } from "./types";

/** The URL path uploads are served under by the app itself. */
export const UPLOADS_PATH = "/uploads";

/**
 * The storage the configuration names: DATA_DIR/uploads, or the S3 bucket of S3_ENDPOINT. Without S3_PUBLIC_URL the
 * bucket's files are still addressed as /uploads/<key> and the app reads them from the bucket, so the bucket can stay
 * private and every instance serves every file.
 */
export function createConfiguredStorage(config: Pick<AppConfig, "dataDir" | "storage">): FileStorage {
  const settings = config.storage;
  if (settings.kind === "local") {
    return createLocalStorage({ root: path.join(config.dataDir, "uploads"), publicPath: UPLOADS_PATH });
  }
  return createS3Storage({
    endpoint: settings.endpoint,
    bucket: settings.bucket,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    publicUrl: settings.publicUrl ?? UPLOADS_PATH,
  });
}
