import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listingInspection, meeting } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import {
  answerInspection,
  requestInspection,
  writeReport,
} from "#app/services/inspection/inspections.server";
import { insertSkill, requestOf } from "#app/services/meetings/meetings.fixtures";
import { jpeg } from "#app/services/uploads/test-images";
import { insertListing } from "#tests/setup/market";
import {
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as requestPage from "../meeting/request";
import * as inspectionPage from "./inspection";

const clock = new FixedClock(new Date("2026-05-04T01:00:00Z"));
const HOUR = 3_600_000;
let runtime: Runtime;
let callers: Callers;
let expert: SignedInMember;
let skillId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  expert = await signUpMember(runtime);
  skillId = (await insertSkill(runtime.db, expert.id, "repair")).id;
});

/** A seller with a vehicle listing and a buyer who asked the expert to inspect it, in the given state. */
async function inspection(state: "proposed" | "agreed" | "submitted" = "proposed") {
  const seller = await signUpMember(runtime);
  const buyer = await signUpMember(runtime);
  const listingId = await insertListing(runtime.db, clock, seller.actor, "over125Manual");
  const asked = requestOf({ id: skillId, kind: "repair" }, clock.now(), {
    wishAt: new Date(clock.now().getTime() + 48 * HOUR),
  });
  const { inspectionId: id } = await requestInspection(runtime.db, clock, buyer.actor, asked, listingId);
  if (state !== "proposed") await answerInspection(runtime.db, clock, seller.actor, id, "agree");
  if (state === "submitted")
    await writeReport(runtime, expert.actor, id, { ...reportForm, intent: "submit", keep: [] } as never);
  return { id, seller, buyer, listingId };
}

const reportForm = {
  engineCondition: "good",
  engineNote: "양호",
  brakesCondition: "fault",
  brakesNote: "뒤 디스크 편마모",
  verdict: "withCare",
  summary: "브레이크 정비 후 구매 권장",
};

const post = (as: SignedInMember | null, id: number, form: Record<string, string | string[]>) =>
  callAction(inspectionPage.action, { path: `/inspection/${id}`, params: { id: String(id) }, form, as });

const statusOf = async (id: number) =>
  (await runtime.db.select().from(listingInspection).where(eq(listingInspection.id, id)))[0]!.status;

describe("/inspection/{id} actions", () => {
  it.each(["agree", "decline"] as const)(
    "lets only the listing's seller answer the time (%s)",
    async (intent) => {
      const { id, seller, buyer } = await inspection();
      const { other, admin, adminWithoutTwoFactor } = callers;
      expect((await post(null, id, { intent })).outcome).toBe("sign-in");
      expect((await post(adminWithoutTwoFactor, id, { intent })).outcome).toBe("two-step");
      expect((await post(other, id, { intent })).outcome).toBe("not-found");
      for (const party of [buyer, expert, admin])
        expect((await post(party, id, { intent })).outcome).toBe("refused");
      expect(await statusOf(id)).toBe("proposed");
      expect(await post(seller, id, { intent })).toMatchObject({
        outcome: "done",
        location: `/inspection/${id}`,
        flashed: true,
      });
      expect(await statusOf(id)).toBe(intent === "agree" ? "agreed" : "declined");
    },
  );

  it("lets the buyer or the expert propose another time, never the seller or anyone else", async () => {
    const { id, seller, buyer } = await inspection();
    const at = { intent: "propose", at: "2026-05-09T10:00" };
    const { other, admin, adminWithoutTwoFactor } = callers;
    expect((await post(null, id, at)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, id, at)).outcome).toBe("two-step");
    expect((await post(other, id, at)).outcome).toBe("not-found");
    for (const party of [seller, admin]) expect((await post(party, id, at)).outcome).toBe("refused");
    expect((await post(buyer, id, { intent: "propose", at: "2020-01-01T10:00" })).outcome).toBe("invalid");
    expect((await post(buyer, id, at)).outcome).toBe("done");
    expect((await post(expert, id, at)).outcome).toBe("done");
  });

  it("lets only the meeting's expert save and submit the report, and a double submit stores once", async () => {
    const { id, seller, buyer } = await inspection("agreed");
    const { other, admin, adminWithoutTwoFactor } = callers;
    for (const intent of ["save", "submit"]) {
      const form = { ...reportForm, intent };
      expect((await post(null, id, form)).outcome).toBe("sign-in");
      expect((await post(adminWithoutTwoFactor, id, form)).outcome).toBe("two-step");
      expect((await post(other, id, form)).outcome).toBe("not-found");
      for (const party of [seller, buyer, admin])
        expect((await post(party, id, form)).outcome).toBe("refused");
    }
    expect(await statusOf(id)).toBe("agreed");

    const saved = await post(expert, id, { ...reportForm, intent: "save" });
    expect(saved).toMatchObject({ outcome: "done", location: `/inspection/${id}`, flashed: true });
    const tooLong = await post(expert, id, { ...reportForm, intent: "save", summary: "가".repeat(1001) });
    expect(tooLong).toMatchObject({ outcome: "invalid", data: { values: { summary: "가".repeat(1001) } } });
    const noVerdict = await post(expert, id, { ...reportForm, intent: "submit", verdict: "" });
    expect(noVerdict.data).toMatchObject({ error: { code: "report_incomplete" } });

    const submit = { ...reportForm, intent: "submit" };
    const [first, second] = await Promise.all([post(expert, id, submit), post(expert, id, submit)]);
    expect([first.outcome, second.outcome].sort()).toEqual(["done", "invalid"]);
    expect(await statusOf(id)).toBe("submitted");
  });

  it("stores the report's photos from a multipart form", async () => {
    const { id } = await inspection("agreed");
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...reportForm, intent: "save" })) body.set(name, value);
    body.append(
      "photos",
      new File([new Uint8Array(await jpeg(640, 480))], "bike.jpg", { type: "image/jpeg" }),
    );
    const request = new Request(`http://localhost:3999/inspection/${id}`, {
      method: "POST",
      headers: { Cookie: expert.cookie },
      body,
    });
    expect((await callWithRequest(inspectionPage.action, request, { id: String(id) })).outcome).toBe("done");
    const [row] = await runtime.db.select().from(listingInspection).where(eq(listingInspection.id, id));
    expect(row!.photos).toHaveLength(1);
  });

  it("lets only the seller publish a submitted report", async () => {
    const { id, seller, buyer } = await inspection("submitted");
    const form = { intent: "publish" };
    const { other, admin, adminWithoutTwoFactor } = callers;
    expect((await post(null, id, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, id, form)).outcome).toBe("two-step");
    expect((await post(other, id, form)).outcome).toBe("not-found");
    for (const party of [buyer, expert, admin]) expect((await post(party, id, form)).outcome).toBe("refused");
    expect(await statusOf(id)).toBe("submitted");
    expect((await post(seller, id, form)).outcome).toBe("done");
    expect(await statusOf(id)).toBe("published");
    expect((await post(seller, id, form)).outcome).toBe("invalid");
  });

  it("shows the page to its parties and moderators, and to others once published", async () => {
    const { id, seller, buyer } = await inspection("submitted");
    const load = (as: SignedInMember | null) =>
      callLoader(inspectionPage.loader, { path: `/inspection/${id}`, params: { id: String(id) }, as });
    expect((await load(null)).outcome).toBe("sign-in");
    expect((await load(callers.other)).outcome).toBe("not-found");
    for (const party of [seller, buyer, expert, callers.admin])
      expect((await load(party)).outcome).toBe("done");
    expect((await load(seller)).data).toMatchObject({ inspection: { role: "seller", steps: ["publish"] } });
    await post(seller, id, { intent: "publish" });
    expect((await load(callers.other)).data).toMatchObject({
      inspection: { role: null, steps: [], report: { verdict: "withCare" } },
    });
  });
});

describe("/meeting/repair/request?listing= (asking for an inspection)", () => {
  const form = {
    kind: "repair",
    skillId: "",
    model: "MT-07 2021",
    repairOption: "inspection",
    symptom: "구매 전 점검 부탁드립니다",
    wishAt: "2026-05-08T14:00",
  };
  const ask = (as: SignedInMember | null, listingId: number) =>
    callAction(requestPage.action, {
      path: `/meeting/repair/request?skill=${skillId}&listing=${listingId}`,
      params: { kind: "repair" },
      form: { ...form, skillId: String(skillId) },
      as,
    });

  it("opens the meeting with the inspection for a member who is not the seller, once", async () => {
    const seller = await signUpMember(runtime);
    const buyer = await signUpMember(runtime);
    const listingId = await insertListing(runtime.db, clock, seller.actor, "under125Scooter");
    const inspectionsOf = () =>
      runtime.db.select().from(listingInspection).where(eq(listingInspection.articleId, listingId));
    expect((await ask(null, listingId)).outcome).toBe("sign-in");
    expect((await ask(callers.adminWithoutTwoFactor, listingId)).outcome).toBe("two-step");
    expect((await ask(seller, listingId)).data).toMatchObject({ error: { code: "own_listing" } });
    expect(await inspectionsOf()).toEqual([]);

    const asked = await ask(buyer, listingId);
    expect(asked).toMatchObject({ outcome: "done", flashed: true });
    expect(asked.location).toMatch(/^\/meeting\/repair\/chat\?room=/);
    const again = await ask(buyer, listingId);
    expect(again.outcome).toBe("invalid");
    const made = await inspectionsOf();
    expect(made).toMatchObject([{ buyerId: buyer.id, sellerId: seller.id, expertId: expert.id }]);
    const [opened] = await runtime.db.select().from(meeting).where(eq(meeting.id, made[0]!.meetingId));
    expect(opened).toMatchObject({ requesterId: buyer.id, providerId: expert.id, kind: "repair" });

    const page = await callLoader(requestPage.loader, {
      path: `/meeting/repair/request?skill=${skillId}&listing=${listingId}`,
      params: { kind: "repair" },
      as: callers.other,
    });
    expect(page.data).toMatchObject({ inspection: { id: listingId, model: "포르자 350 2022" } });
  });
});
