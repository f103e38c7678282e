/**
 * YouTube addresses, shared by the editor (what a member may paste) and the server's sanitiser (what may be stored).
 *
 * Stored embeds always use the spec's address, https://www.youtube.com/embed/{id}. The privacy-enhanced host
 * (www.youtube-nocookie.com/embed/…) is accepted on input and rewritten to that form, so everything stored passes
 * the one prefix rule and the one-video rule counts both spellings alike.
 */

export const YOUTUBE_EMBED_PREFIX = "https://www.youtube.com/embed/";

export interface YoutubeVideo {
  /** The 11-character video id. */
  id: string;
  /** Where playback starts, in seconds. */
  start?: number;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const EMBED_HOSTS = new Set(["www.youtube.com", "www.youtube-nocookie.com"]);
const MAX_START = 24 * 60 * 60;

function parseUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim());
    if (url.username || url.password || url.port) return null;
    return url;
  } catch {
    return null;
  }
}

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → undefined. */
function parseStart(value: string | null): number | undefined {
  if (!value) return undefined;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,5})s?)?$/.exec(value);
  if (!match || !match[0]) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 && seconds <= MAX_START ? seconds : undefined;
}

function video(id: string | null | undefined, start: string | null): YoutubeVideo | null {
  if (!id || !VIDEO_ID.test(id)) return null;
  const seconds = parseStart(start);
  return seconds === undefined ? { id } : { id, start: seconds };
}

/** A video from any address a member would paste: watch, youtu.be, shorts, live or embed. */
export function parseYoutubeUrl(input: string): YoutubeVideo | null {
  const url = parseUrl(input);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  const host = url.hostname.toLowerCase();
  const start = url.searchParams.get("start") ?? url.searchParams.get("t");
  if (host === "youtu.be") return video(/^\/([^/]+)\/?$/.exec(url.pathname)?.[1], start);
  if (WATCH_HOSTS.has(host)) {
    if (url.pathname === "/watch" || url.pathname === "/watch/")
      return video(url.searchParams.get("v"), start);
    return video(/^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/.exec(url.pathname)?.[1], start);
  }
  if (host === "www.youtube-nocookie.com" || host === "youtube-nocookie.com") {
    return video(/^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1], start);
  }
  return null;
}

/** A video from an iframe address: only https embeds of www.youtube.com or www.youtube-nocookie.com. */
export function parseYoutubeEmbed(src: string): YoutubeVideo | null {
  const url = parseUrl(src);
  if (!url || url.protocol !== "https:" || !EMBED_HOSTS.has(url.hostname)) return null;
  return video(/^\/embed\/([^/]+)$/.exec(url.pathname)?.[1], url.searchParams.get("start"));
}

/** The stored embed address of a video. */
export function youtubeEmbedUrl(video: YoutubeVideo): string {
  return `${YOUTUBE_EMBED_PREFIX}${video.id}${video.start ? `?start=${video.start}` : ""}`;
}
