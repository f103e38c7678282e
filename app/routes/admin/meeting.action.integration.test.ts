import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { insertMeeting } from "../../../tests/setup/conduct-meetings";
import {
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "../../../tests/setup/route-actions";
import * as page from "./meeting";

let runtime: Runtime;
let callers: Callers;
let meetingId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  meetingId = await insertMeeting(
    runtime.db,
    runtime.clock,
    { requesterId: callers.owner.id, providerId: callers.other.id },
    { status: "reserved" },
  );
});

const load = (as: SignedInMember | null, query = "") =>
  callLoader(page.loader, { path: `/admin/meeting${query}`, as });

describe("/admin/meeting (read only)", () => {
  it("is the acting administrator's only: even a side of the meeting gets 404", async () => {
    for (const query of ["", `?id=${meetingId}`]) {
      expect((await load(null, query)).outcome, query).toBe("sign-in");
      expect((await load(callers.owner, query)).outcome, query).toBe("not-found");
      expect((await load(callers.other, query)).outcome, query).toBe("not-found");
      expect((await load(callers.adminWithoutTwoFactor, query)).outcome, query).toBe("two-step");
      expect((await load(callers.admin, query)).outcome, query).toBe("done");
    }
  });

  it("searches by a side's nickname and by state", async () => {
    const byNickname = await load(callers.admin, `?q=${encodeURIComponent(callers.owner.nickname)}`);
    expect(byNickname.data).toMatchObject({
      view: "list",
      items: [expect.objectContaining({ id: meetingId, requesterNickname: callers.owner.nickname })],
    });
    const ended = await load(callers.admin, `?q=${encodeURIComponent(callers.owner.nickname)}&status=ended`);
    expect(ended.data).toMatchObject({ items: [] });
    const nobody = await load(callers.admin, "?q=%25");
    expect(nobody.data).toMatchObject({ items: [] });
  });

  it("reads a meeting's chat in order with its system lines", async () => {
    const record = await load(callers.admin, `?id=${meetingId}`);
    expect(record.data).toMatchObject({
      view: "record",
      record: {
        meeting: { id: meetingId, status: "reserved" },
        chat: [expect.objectContaining({ kind: "system", event: "requestOpened" })],
        log: [],
      },
    });
    expect((await load(callers.admin, "?id=999999")).outcome).toBe("not-found");
  });
});
