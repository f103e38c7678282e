/** Where the editor sends images (server/api/uploads.ts). */
export const POST_IMAGE_UPLOAD_URL = "/api/uploads/post-image";

/** The formats and size the server accepts for post images, checked early so the member hears at once. */
export const POST_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** A refusal with the server's localised message, or none when the request itself failed. */
export class ImageUploadError extends Error {
  constructor(
    readonly code: string,
    readonly serverMessage?: string,
  ) {
    super(code);
    this.name = "ImageUploadError";
  }
}

/** Uploads one image, telling `onProgress` the percentage sent (XMLHttpRequest: fetch reports no upload progress). */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
  url = POST_IMAGE_UPLOAD_URL,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const body = request.response as
        (Partial<UploadedImage> & { error?: { code?: string; message?: string } }) | null;
      if (request.status >= 200 && request.status < 300 && typeof body?.url === "string") {
        resolve({ url: body.url, width: Number(body.width), height: Number(body.height) });
      } else {
        reject(new ImageUploadError(body?.error?.code ?? `http_${request.status}`, body?.error?.message));
      }
    };
    request.onerror = () => reject(new ImageUploadError("network"));
    request.onabort = () => reject(new ImageUploadError("aborted"));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
