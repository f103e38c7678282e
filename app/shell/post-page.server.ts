import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf, type Actor } from "#app/services/actor";
import type { ReaderMarks } from "#app/services/board/articles.server";
import { loadArticleInteractions } from "#app/services/board/interactions.server";
import { blindMember, unblindMember } from "#app/services/members/relations.server";

/**
 * What a found post's page carries besides the post, a board's post and a market listing alike: whether the reader
 * hid its author, the reader's like and keep with the comments, who reads, the time, and the page's title and share
 * preview. A hidden author's post shows nothing of itself, in previews either: its title is then `hiddenTitle`.
 */
export async function postPageReading(
  viewer: SessionViewer | null,
  post: { id: number; authorId: string; title: string; excerpt: string; imageUrl: string | null },
  marks: ReaderMarks,
  hiddenTitle: string,
) {
  const { db, clock } = getRuntime();
  const blinded = marks.blinded.has(post.authorId);
  return {
    blinded,
    interactions: await loadArticleInteractions(db, actorOf(viewer), post.id, marks),
    signedIn: Boolean(viewer),
    viewerId: viewer?.id ?? null,
    now: clock.now().toISOString(),
    pageTitle: blinded ? hiddenTitle : post.title,
    share: blinded ? null : { title: post.title, description: post.excerpt, image: post.imageUrl },
  };
}

/** A post page's "hide the author" and "unblind" forms: the acting member hides or unhides a member. */
export async function changeAuthorRelation(actor: Actor, intent: "blind" | "unblind", memberId: string) {
  const { db, clock } = getRuntime();
  if (intent === "blind") {
    await blindMember(db, clock, actor.id, memberId);
    return { done: "blinded" as const };
  }
  await unblindMember(db, clock, actor.id, memberId);
  return { done: "unblinded" as const };
}
