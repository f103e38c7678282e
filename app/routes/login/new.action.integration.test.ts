import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member, memberProfile } from "#app/db/schema";
import { translate } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
} from "#tests/setup/route-actions";
import * as firstLoginPage from "./new";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

const profileForm = {
  intent: "save",
  nickname: "첫로그인라이더",
  introduction: "",
  birthDate: "1990-05-01",
  ridingYears: "4",
  memberType: "individual",
  locationAddress: "영등포구",
  locationLat: "37.5266",
  locationLng: "126.9197",
  locationCode: "seoul-yeongdeungpo",
  genre: "touring",
  snsKind: "instagram",
  snsUrl: "https://www.instagram.com/rider",
};

describe("/login/new (the first-login profile)", () => {
  it("answers a save only at the first login: visitors sign in, finished members go on", async () => {
    const save = (as: Parameters<typeof callAction>[1]["as"]) =>
      callAction(firstLoginPage.action, { path: "/login/new", form: profileForm, as });
    expect((await save(null)).outcome).toBe("sign-in");
    expect((await save(callers.owner)).status).toBe(302);
    expect((await save(callers.adminWithoutTwoFactor)).status).toBe(302);
  });

  it("names the missing consents of a member who joined through a provider beside the profile's own problems, and records nothing", async () => {
    const joiner = await signUpMember(runtime, { profileComplete: false });
    const answer = await callAction(firstLoginPage.action, {
      path: "/login/new",
      form: profileForm,
      as: joiner,
    });
    expect(answer.status).toBe(400);
    const body = answer.data as { problems: Record<string, string>; values: Record<string, string[]> };
    expect(body.problems).toEqual({
      introduction: translate("ko", "profileForm.error.introduction_required"),
      consents: translate("ko", "auth.error.consent_required"),
    });
    expect(body.values.nickname).toEqual(["첫로그인라이더"]);
    const [row] = await runtime.db
      .select({ terms: member.termsAgreedAt, onboarding: member.onboarding })
      .from(member)
      .where(eq(member.id, joiner.id));
    expect(row).toEqual({ terms: null, onboarding: "signed_up" });
    expect(await runtime.db.select().from(memberProfile).where(eq(memberProfile.userId, joiner.id))).toEqual(
      [],
    );
  });
});
