import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage } from "#app/platform/storage/local.server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessProfile, member, memberAvatar, memberProfile } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { balanceOf, memberPointsCode } from "#app/services/ledger/ledger.server";
import { jpeg, phoneJpeg } from "#app/services/uploads/test-images";
import { withdraw } from "#app/services/auth/accounts.server";
import { createTestRuntime } from "../../../tests/setup/runtime";
import {
  completeProfile,
  ProfileError,
  validateProfile,
  welcomeMember,
  type ProfileInput,
} from "./profile.server";

let runtime: Runtime;
let counter = 0;

async function newMember() {
  const id = `m${++counter}`;
  await runtime.db.insert(member).values({
    id,
    name: id,
    email: `${id}@example.com`,
    phoneNumber: `0101000${String(counter).padStart(4, "0")}`,
    phoneNumberVerified: true,
  });
  return id;
}

const individual = (nickname: string): ProfileInput => ({
  nickname,
  introduction: "주말 라이더",
  birthDate: "1990-05-01",
  ridingYears: 4,
  memberType: "individual",
  locations: [{ lat: 37.5266, lng: 126.9197, simpleAddress: "영등포구", areaCode: "seoul-yeongdeungpo" }],
  genres: ["naked"],
  sns: [{ kind: "instagram", url: "https://www.instagram.com/rider" }],
});

const business = (nickname: string, name: string, number: string): ProfileInput => ({
  ...individual(nickname),
  memberType: "business",
  business: {
    name,
    number,
    tel: "0212345678",
    typeCode: "repairShop",
    years: 5,
    days: ["mon", "tue"],
    opensAt: "h0900",
    closesAt: "h1800",
    introduction: "",
    ownerName: "김정비",
    email: "shop@example.com",
    settlementPhone: "01012345678",
  },
});

async function problems(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProfileError);
  return (error as ProfileError).problems;
}

beforeAll(async () => {
  runtime = await createTestRuntime();
});

describe("first-login profile", () => {
  it("stores every part and strips the avatar's metadata", async () => {
    const id = await newMember();
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    await completeProfile(
      runtime,
      id,
      { ...individual("저장라이더"), genres: [genre] },
      {
        avatars: [{ body: await phoneJpeg(), declaredType: "image/jpeg" }],
        businessImages: [],
      },
    );
    const [saved] = await runtime.db.select().from(member).where(eq(member.id, id));
    expect(saved).toMatchObject({ nickname: "저장라이더", memberType: "individual", profileComplete: false });
    expect(await runtime.db.select().from(memberProfile).where(eq(memberProfile.userId, id))).toHaveLength(1);
    const [avatar] = await runtime.db.select().from(memberAvatar).where(eq(memberAvatar.userId, id));
    expect(avatar?.isRepresentative).toBe(true);
    const stored = await runtime.storage.get(avatar!.storageKey);
    expect(stored?.contentType).toBe("image/webp");
  });

  it("refuses an unknown genre, a young member and a bad SNS link, saving nothing", async () => {
    const id = await newMember();
    const found = await problems(
      completeProfile(
        runtime,
        id,
        {
          ...individual("어린라이더"),
          genres: ["not-a-genre"],
          birthDate: "2020-01-01",
          sns: [{ kind: "youtube", url: "https://evil.example/x" }],
        },
        { avatars: [{ body: await jpeg(50, 50) }], businessImages: [] },
      ),
    );
    expect(found).toMatchObject({ genres: "genre_required", birthDate: "too_young", sns: "sns_url_invalid" });
    expect(await runtime.db.select().from(memberProfile).where(eq(memberProfile.userId, id))).toEqual([]);
  });

  it("removes the stored files when a later file is refused", async () => {
    const id = await newMember();
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-profile-"));
    const storage = createLocalStorage({ root });
    const found = await problems(
      completeProfile(
        { ...runtime, storage },
        id,
        { ...business("파일업체", "파일정비", "1248100998"), genres: [genre] },
        {
          avatars: [{ body: await jpeg(40, 40) }],
          businessImages: [{ body: Buffer.from("not an image at all"), declaredType: "image/png" }],
        },
      ),
    );
    expect(found.businessImages).toMatch(/^upload_/);
    // The avatar had been stored before the shop photo was refused; it is gone again.
    const files = fs
      .readdirSync(root, { recursive: true })
      .filter((file) => /\.(webp|jpg|png)$/.test(String(file)));
    expect(files).toEqual([]);
    expect(await runtime.db.select().from(memberAvatar).where(eq(memberAvatar.userId, id))).toEqual([]);
  });

  it("lets exactly one of two concurrent saves of one nickname, and of one business number, through", async () => {
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    const typeCode = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "businessType"),
    }))!.code;
    const [a, b] = [await newMember(), await newMember()];
    const avatar = { body: await jpeg(40, 40) };
    const nicknames = await Promise.allSettled([
      completeProfile(
        runtime,
        a,
        { ...individual("같은닉네임"), genres: [genre] },
        { avatars: [avatar], businessImages: [] },
      ),
      completeProfile(
        runtime,
        b,
        { ...individual("같은닉네임"), genres: [genre] },
        { avatars: [avatar], businessImages: [] },
      ),
    ]);
    expect(nicknames.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      (nicknames.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.problems.nickname,
    ).toBe("nickname_taken");

    const [c, d] = [await newMember(), await newMember()];
    const shop = (nickname: string, name: string) => {
      const input = business(nickname, name, "2208162517");
      return { ...input, genres: [genre], business: { ...input.business!, typeCode } };
    };
    const numbers = await Promise.allSettled([
      completeProfile(runtime, c, shop("업체하나", "가게하나"), { avatars: [avatar], businessImages: [] }),
      completeProfile(runtime, d, shop("업체둘", "가게둘"), { avatars: [avatar], businessImages: [] }),
    ]);
    expect(numbers.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await runtime.db.select().from(businessProfile).where(eq(businessProfile.number, "2208162517")),
    ).toHaveLength(1);
  });

  it("says 'business number lookup failed' when the verifier cannot answer", async () => {
    const id = await newMember();
    const failing = { kind: "registry", verify: () => Promise.reject(new Error("registry down")) };
    const found = await validateProfile(
      runtime.db,
      runtime.clock.now(),
      id,
      business("조회업체", "조회정비", "1248100998"),
      { avatars: 1, businessImages: 0, mobile: "01012345678", mobileVerified: true },
      failing,
    );
    expect(found.businessNumber).toBe("business_number_lookup_failed");
  });

  it("withdrawal removes the profile rows and the stored photos", async () => {
    const id = await newMember();
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    await completeProfile(
      runtime,
      id,
      { ...individual("떠날라이더"), genres: [genre] },
      {
        avatars: [{ body: await jpeg(40, 40) }],
        businessImages: [],
      },
    );
    const [avatar] = await runtime.db.select().from(memberAvatar).where(eq(memberAvatar.userId, id));
    expect(await runtime.storage.get(avatar!.storageKey)).toBeDefined();
    await withdraw(
      { ...runtime, config: runtime.config },
      { id, sessionCreatedAt: new Date() },
      undefined,
      new Headers(),
    );
    expect(await runtime.storage.get(avatar!.storageKey)).toBeUndefined();
    expect(await runtime.db.select().from(memberProfile).where(eq(memberProfile.userId, id))).toEqual([]);
    expect(await runtime.db.select().from(memberAvatar).where(eq(memberAvatar.userId, id))).toEqual([]);
  });

  it("welcomes a member once, with points granted once even when asked concurrently", async () => {
    const id = await newMember();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => welcomeMember(runtime.db, runtime.clock, id, 3000)),
    );
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(await balanceOf(runtime.db, memberPointsCode(id))).toBe(3000);
    const [row] = await runtime.db
      .select({ done: member.profileComplete })
      .from(member)
      .where(eq(member.id, id));
    expect(row?.done).toBe(true);
  });
});
