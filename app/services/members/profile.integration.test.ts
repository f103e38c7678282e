import { DomainError } from "#app/services/errors";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLocalStorage } from "#app/platform/storage/local.server";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  businessProfile,
  ledgerTransaction,
  member,
  memberAvatar,
  memberLocation,
  memberProfile,
} from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { welcomeGrantKey } from "#app/services/ledger/posting.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { jpeg, phoneJpeg } from "#app/services/uploads/test-images";
import { withdraw } from "#app/services/auth/accounts.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { completeProfile, validateProfile, welcomeMember, type ProfileInput } from "./profile.server";
import { ownProfileView, profileFormValues, publicProfile } from "./profile-view.server";

let runtime: Runtime;
let counter = 0;

async function welcomeGrantCount(id: string) {
  const rows = await runtime.db
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, welcomeGrantKey(id)));
  return rows.length;
}

async function newMember() {
  const id = `m${++counter}`;
  await runtime.db.insert(member).values({
    id,
    name: id,
    email: `${id}@example.com`,
    phoneNumber: `0101000${String(counter).padStart(4, "0")}`,
    phoneNumberVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
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
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError<"profile">).details.fields;
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
    expect(saved).toMatchObject({
      nickname: "저장라이더",
      memberType: "individual",
      onboarding: "profile_saved",
    });
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
    expect(found?.businessImages).toMatch(/^upload_/);
    // The avatar had been stored before the shop photo was refused; it is gone again.
    const files = fs
      .readdirSync(root, { recursive: true })
      .filter((file) => /\.(webp|jpg|png)$/.test(String(file)));
    expect(files).toEqual([]);
    expect(await runtime.db.select().from(memberAvatar).where(eq(memberAvatar.userId, id))).toEqual([]);
  });

  it(
    "lets exactly one of two concurrent saves of one nickname, and of one business number, through",
    { tags: ["concurrency"] },
    async () => {
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
        (nicknames.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.details.fields
          .nickname,
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
    },
  );

  it("reads shop phone numbers typed with hyphens or spaces, and stores the digits", async () => {
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    const typeCode = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "businessType"),
    }))!.code;
    const id = await newMember();
    const input = business("하이픈업체", "하이픈정비", "1248100998");
    await completeProfile(
      runtime,
      id,
      {
        ...input,
        genres: [genre],
        business: { ...input.business!, typeCode, tel: "02-1234 5678", settlementPhone: "010 9876-5432" },
      },
      { avatars: [{ body: await jpeg(40, 40) }], businessImages: [] },
    );
    const [shop] = await runtime.db.select().from(businessProfile).where(eq(businessProfile.userId, id));
    expect(shop).toMatchObject({ tel: "0212345678", settlementPhone: "01098765432" });
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

  it(
    "welcomes a member once, with points granted once even when asked concurrently",
    { tags: ["concurrency"] },
    async () => {
      const id = await newMember();
      await runtime.db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, id));
      const results = await Promise.all(
        Array.from({ length: 5 }, () => welcomeMember(runtime.db, runtime.clock, id, 3000)),
      );
      expect(results.filter((r) => r.granted)).toHaveLength(1);
      expect(await balanceOf(runtime.db, memberPointsCode(id))).toBe(3000);
      const [row] = await runtime.db
        .select({ onboarding: member.onboarding })
        .from(member)
        .where(eq(member.id, id));
      expect(row?.onboarding).toBe("welcomed");
    },
  );

  it("refuses to welcome a member whose profile is not saved, and grants nothing", async () => {
    const id = await newMember();
    await expect(welcomeMember(runtime.db, runtime.clock, id, 3000)).rejects.toMatchObject({
      area: "machine",
      code: "transition_not_allowed",
    });
    const [row] = await runtime.db
      .select({ onboarding: member.onboarding })
      .from(member)
      .where(eq(member.id, id));
    expect(row?.onboarding).toBe("signed_up");
    expect(await welcomeGrantCount(id)).toBe(0);
  });
});

describe("activity areas", () => {
  async function saveWith(locations: ProfileInput["locations"]) {
    const id = await newMember();
    const genre = (await runtime.db.query.filterOption.findFirst({
      where: (f, { eq }) => eq(f.tableName, "motoGenre"),
    }))!.code;
    await completeProfile(
      runtime,
      id,
      { ...individual(`지역${counter}`), genres: [genre], locations },
      { avatars: [{ body: await jpeg(50, 50) }], businessImages: [] },
    );
    return id;
  }

  it("are stored by gazetteer code and named in the reader's language, whichever language they were picked in", async () => {
    // Picked on an English page: the picker sent the English name with the code.
    const english = await saveWith([
      { lat: 37.5663, lng: 126.9019, simpleAddress: "Mapo-gu", areaCode: "seoul-mapo" },
    ]);
    // Picked on a Korean page.
    const korean = await saveWith([
      { lat: 37.5172, lng: 127.0473, simpleAddress: "강남구", areaCode: "seoul-gangnam" },
    ]);
    const rows = await runtime.db.select().from(memberLocation).where(eq(memberLocation.userId, english));
    expect(rows).toMatchObject([{ areaCode: "seoul-mapo", simpleAddress: "마포구" }]);

    expect((await publicProfile(runtime.db, english, "ko")).area).toBe("마포구");
    expect((await publicProfile(runtime.db, english, "en")).area).toBe("Mapo-gu");
    expect((await publicProfile(runtime.db, korean, "en")).area).toBe("Gangnam-gu");
    expect((await ownProfileView(runtime.db, korean, "en")).mainLocation?.simple_address).toBe("Gangnam-gu");
    expect((await profileFormValues(runtime.db, english, "ko")).locationAddress).toEqual(["마포구"]);
  });

  it("without a code take the area the name says (the nearest of namesakes), and refuse an unknown code", async () => {
    // 중구 is in six cities: the one near Daejeon's coordinates is meant.
    const id = await saveWith([{ lat: 36.3256, lng: 127.4213, simpleAddress: "Jung-gu" }]);
    const [row] = await runtime.db.select().from(memberLocation).where(eq(memberLocation.userId, id));
    expect(row).toMatchObject({ areaCode: "daejeon-jung", simpleAddress: "중구" });

    const refused = await problems(
      completeProfile(
        runtime,
        await newMember(),
        {
          ...individual("코드없음"),
          locations: [{ lat: 37.5663, lng: 126.9019, simpleAddress: "마포구", areaCode: "atlantis" }],
        },
        { avatars: [{ body: await jpeg(50, 50) }], businessImages: [] },
      ),
    );
    expect(refused).toMatchObject({ locations: "location_invalid" });
  });

  it("saved before codes were kept are given theirs by the migration, from a name in either language", async () => {
    const id = await newMember();
    await runtime.db.insert(memberLocation).values([
      { userId: id, position: 0, isMain: true, simpleAddress: "Mapo-gu", latitude: 37.56, longitude: 126.9 },
      { userId: id, position: 1, isMain: false, simpleAddress: "중구", latitude: 35.1, longitude: 129.03 },
      { userId: id, position: 2, isMain: false, simpleAddress: "어딘가", latitude: 37.5, longitude: 127 },
    ]);
    const migration = fs.readFileSync(
      fileURLToPath(new URL("../../db/migrations/0009_member_location_area_codes.sql", import.meta.url)),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) {
      await runtime.db.execute(sql.raw(statement));
    }
    const rows = await runtime.db
      .select({ simpleAddress: memberLocation.simpleAddress, areaCode: memberLocation.areaCode })
      .from(memberLocation)
      .where(eq(memberLocation.userId, id))
      .orderBy(memberLocation.position);
    expect(rows).toEqual([
      { simpleAddress: "마포구", areaCode: "seoul-mapo" },
      { simpleAddress: "중구", areaCode: "busan-jung" },
      // A name the gazetteer does not have keeps its label.
      { simpleAddress: "어딘가", areaCode: null },
    ]);
    expect((await publicProfile(runtime.db, id, "en")).area).toBe("Mapo-gu");
  });
});
