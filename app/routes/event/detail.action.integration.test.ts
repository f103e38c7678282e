import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventParticipation } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { createEvent } from "#app/services/notice/events.server";
import {
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as eventPage from "./detail";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

describe("/event/:id (joining an event)", () => {
  it("records the signed-in member who joins, and nobody else", async () => {
    const { owner, adminWithoutTwoFactor, firstLogin } = callers;
    const now = runtime.clock.now().getTime();
    const { id } = await createEvent(runtime.db, runtime.clock, callers.admin.actor, {
      title: "봄맞이 점검",
      summary: "무료 점검",
      contentHtml: "<p>무료 점검</p>",
      startsAt: new Date(now - 60 * 60_000),
      endsAt: new Date(now + 60 * 60_000),
    });
    const join = (as: SignedInMember | null) =>
      callAction(eventPage.action, { path: `/event/${id}`, params: { id: String(id) }, as });
    const participants = async () =>
      (
        await runtime.db
          .select({ memberId: eventParticipation.memberId })
          .from(eventParticipation)
          .where(eq(eventParticipation.eventId, id))
      ).map((row) => row.memberId);

    expect((await join(null)).outcome).toBe("sign-in");
    expect((await join(firstLogin)).outcome).toBe("first-login");
    expect((await join(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await participants()).toEqual([]);

    expect((await join(owner)).outcome).toBe("done");
    expect(await participants()).toEqual([owner.id]);
    expect((await join(owner)).outcome).toBe("invalid");
    expect(await participants()).toEqual([owner.id]);

    const page = await callLoader(eventPage.loader, {
      path: `/event/${id}`,
      params: { id: String(id) },
      as: null,
    });
    expect(page.data).toMatchObject({ signedIn: false, event: { participantCount: 1 } });
  });
});
