import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { boardKeep, notification, pin } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { createArticle } from "#app/services/board/articles.server";
import { pinMember } from "#app/services/members/relations.server";
import {
  callAction,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as alarmPage from "./alarm";
import * as keepPage from "./keep";
import * as pinPage from "./pin";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

describe("/my/pin (unpinning members)", () => {
  it("unpins only in the signed-in member's own list", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    const target = await signUpMember(runtime);
    for (const who of [owner, adminWithoutTwoFactor])
      await pinMember(runtime.db, runtime.clock, who.id, target.id);
    const unpin = (as: SignedInMember | null) =>
      callAction(pinPage.action, { path: "/my/pin", form: { userId: target.id }, as });
    const pinnedBy = async (who: SignedInMember) =>
      (
        await runtime.db
          .select({ activated: pin.activated })
          .from(pin)
          .where(and(eq(pin.userId, who.id), eq(pin.pinUserId, target.id)))
      )[0]?.activated;

    expect((await unpin(null)).outcome).toBe("sign-in");
    expect((await unpin(firstLogin)).outcome).toBe("first-login");
    expect((await unpin(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await pinnedBy(adminWithoutTwoFactor)).toBe(true);
    expect((await unpin(other)).outcome).toBe("done");
    expect(await pinnedBy(owner)).toBe(true);

    expect((await unpin(owner)).outcome).toBe("done");
    expect(await pinnedBy(owner)).toBe(false);
  });
});

describe("/my/alarm (reading notifications)", () => {
  async function notificationFor(who: SignedInMember) {
    const [row] = await runtime.db
      .insert(notification)
      .values({
        recipientId: who.id,
        createdAt: new Date(),
        type: "comment",
        params: { nickname: "라이더", title: "글" },
        link: "/board",
      })
      .returning({ id: notification.id });
    return row!.id;
  }
  const readAt = async (id: number) =>
    (
      await runtime.db
        .select({ readAt: notification.readAt })
        .from(notification)
        .where(eq(notification.id, id))
    )[0]!.readAt;
  const post = (as: SignedInMember | null, form: Record<string, string>) =>
    callAction(alarmPage.action, { path: "/my/alarm", form, as });

  it("opens only the signed-in member's own notification", async () => {
    const { owner, other, adminWithoutTwoFactor } = callers;
    const id = await notificationFor(owner);
    const open = { intent: "open", id: String(id) };

    expect((await post(null, open)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, open)).outcome).toBe("two-step");
    expect((await post(other, open)).outcome).toBe("not-found");
    expect(await readAt(id)).toBeNull();

    expect((await post(owner, open)).outcome).toBe("done");
    expect(await readAt(id)).not.toBeNull();
  });

  it("marks all read for the signed-in member only", async () => {
    const { owner, other, adminWithoutTwoFactor } = callers;
    const mine = await notificationFor(owner);
    const theirs = await notificationFor(other);

    expect((await post(null, { intent: "readAll" })).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, { intent: "readAll" })).outcome).toBe("two-step");
    expect((await post(other, { intent: "readAll" })).outcome).toBe("done");
    expect(await readAt(theirs)).not.toBeNull();
    expect(await readAt(mine)).toBeNull();
  });
});

describe("/my/keep (removing kept posts)", () => {
  it("removes only the signed-in member's own keep", async () => {
    const { owner, other, adminWithoutTwoFactor } = callers;
    const author = await signUpMember(runtime);
    const { id } = await createArticle(runtime.db, runtime.clock, author.actor, {
      kind: "guestbook",
      categoryId: null,
      title: "보관할 글",
      contentHtml: "<p>본문</p>",
      isPrivate: false,
    });
    await runtime.db.insert(boardKeep).values([
      { articleId: id, memberId: owner.id, createdAt: new Date() },
      { articleId: id, memberId: adminWithoutTwoFactor.id, createdAt: new Date() },
    ]);
    const unkeep = (as: SignedInMember | null) =>
      callAction(keepPage.action, { path: "/my/keep", form: { articleId: String(id) }, as });
    const keeps = async () =>
      (
        await runtime.db
          .select({ memberId: boardKeep.memberId })
          .from(boardKeep)
          .where(eq(boardKeep.articleId, id))
      )
        .map((row) => row.memberId)
        .sort();

    expect((await unkeep(null)).outcome).toBe("sign-in");
    expect((await unkeep(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await unkeep(other)).outcome).toBe("done");
    expect(await keeps()).toEqual([owner.id, adminWithoutTwoFactor.id].sort());

    expect((await unkeep(owner)).outcome).toBe("done");
    expect(await keeps()).toEqual([adminWithoutTwoFactor.id]);
  });
});
