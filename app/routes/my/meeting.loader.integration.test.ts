import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { insertSkill, requestOf } from "#app/services/meetings/meetings.fixtures";
import { requestMeeting } from "#app/services/meetings/meetings.server";
import {
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "../../../tests/setup/route-actions";
import * as myMeeting from "./meeting";

let runtime: Runtime;
let callers: Callers;
let provider: SignedInMember;
let meetingId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  provider = await signUpMember(runtime);
  const skill = await insertSkill(runtime.db, provider.id, "repair");
  meetingId = (
    await requestMeeting(
      runtime.db,
      runtime.clock,
      callers.owner.actor,
      requestOf(skill, runtime.clock.now()),
    )
  ).id;
});

const load = (as: SignedInMember | null, query = "") =>
  callLoader(myMeeting.loader, { path: `/my/meeting${query}`, as });

describe("/my/meeting", () => {
  it("sends visitors to sign in and administrators without two-step verification to turn it on", async () => {
    expect((await load(null)).outcome).toBe("sign-in");
    expect((await load(callers.adminWithoutTwoFactor, "?tab=repair&side=sent")).outcome).toBe("two-step");
  });

  it("shows the requester's sent meeting and the provider's received one, with the other side's nickname", async () => {
    const sent = await load(callers.owner, "?tab=repair&side=sent");
    expect(sent.data).toMatchObject({
      kind: "repair",
      side: "sent",
      items: [{ id: meetingId, status: "chatting", other: { id: provider.id, nickname: provider.nickname } }],
      nextCursor: null,
    });
    const received = await load(provider, "?tab=repair&side=received");
    expect(received.data).toMatchObject({
      items: [{ id: meetingId, other: { id: callers.owner.id, nickname: callers.owner.nickname } }],
    });
    expect((await load(provider, "?tab=repair&side=sent")).data).toMatchObject({ items: [] });
    expect((await load(callers.owner, "?tab=repair")).data).toMatchObject({ side: "received", items: [] });
  });

  it("shows nothing of others' meetings to another member or an administrator", async () => {
    for (const viewer of [callers.other, callers.admin])
      for (const side of ["sent", "received"])
        expect((await load(viewer, `?tab=repair&side=${side}`)).data).toMatchObject({ items: [] });
    expect((await load(callers.other, "?tab=bogus")).data).toMatchObject({ kind: "owner", items: [] });
  });
});
