import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  businessProfile,
  filterOption,
  member,
  memberAvatar,
  memberGenre,
  memberLocation,
  memberProfile,
  memberSns,
} from "#app/db/schema";
import { seoulDay } from "#app/platform/seoul-calendar";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Logger } from "#app/platform/logger.server";
import type { FileStorage } from "#app/platform/storage/types";
import {
  imageLimits,
  storeImages,
  type StoredImage,
  type UploadInput,
} from "#app/services/uploads/uploads.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { takeOnboardingStep } from "./onboarding.server";
import { normalizePhone } from "#app/services/auth/identifiers";
import { areaName, areaOfLocation } from "#app/services/location/address-search";
import { checkDigitVerifier, type BusinessNumberVerifier } from "./business-verifier.server";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { profileRules } from "./profile.schema";
import { DomainError, isDomainError } from "#app/services/errors";
import type { ProfileErrorCode, ProfileField } from "./errors";
import { isUploadErrorCode } from "#app/services/uploads/errors";
import {
  BUSINESS_IMAGES_MAX,
  checkMobile,
  checkNicknameRule,
  weekdays,
  type LocationInput,
  type MemberType,
} from "./profile-rules";

const AVATARS_MAX = imageLimits.avatar;

export interface BusinessInput {
  name: string;
  number: string;
  tel: string;
  typeCode: string;
  years: number;
  days: string[];
  opensAt: string;
  closesAt: string;
  introduction: string;
  ownerName: string;
  email: string;
  settlementPhone: string;
}

export interface ProfileInput {
  nickname: string;
  introduction: string;
  birthDate: string;
  ridingYears: number;
  memberType: MemberType | "";
  /** The first one is the main location. */
  locations: (LocationInput & { areaCode?: string })[];
  genres: string[];
  sns: { kind: string; url: string }[];
  business?: BusinessInput;
}

/** Every field that failed, with its reason; nothing was saved. The error's code is the first field's. */
function profileError(fields: Partial<Record<ProfileField, ProfileErrorCode>>): DomainError<"profile"> {
  const [first] = Object.values(fields);
  if (!first) throw new Error("A profile refusal names at least one field");
  return new DomainError("profile", first, { fields });
}

async function knownCodes(db: Database, tableName: string, codes: string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await db
    .select({ code: filterOption.code })
    .from(filterOption)
    .where(
      and(
        eq(filterOption.tableName, tableName),
        inArray(filterOption.code, codes),
        eq(filterOption.deleted, false),
      ),
    );
  return new Set(rows.map((row) => row.code));
}

/** The spec's rules for every field, and the checks that need the database (duplicates, known codes). */
export async function validateProfile(
  db: Database,
  now: Date,
  userId: string,
  input: ProfileInput,
  files: { avatars: number; businessImages: number; mobile: string | null; mobileVerified: boolean },
  verifier: BusinessNumberVerifier = checkDigitVerifier,
) {
  // The form's own rules first (the page checked them already; an /api caller or a crafted post has not).
  const problems: Partial<Record<ProfileField, ProfileErrorCode>> = profileRules(input, seoulDay(now));
  const set = (field: ProfileField, problem: ProfileErrorCode | undefined) => {
    if (problem && !problems[field]) problems[field] = problem;
  };
  set("mobile", checkMobile(files.mobile ?? "") ?? (files.mobileVerified ? undefined : "mobile_unverified"));
  set("avatars", files.avatars === 0 ? "avatar_required" : undefined);
  // A code the gazetteer does not know did not come from the picker.
  set("locations", input.locations.some((l) => !areaOfLocation(l)) ? "location_invalid" : undefined);

  const genres = await knownCodes(db, "motoGenre", input.genres);
  if (input.genres.some((code) => !genres.has(code))) set("genres", "genre_required");

  if (!problems.nickname) set("nickname", await nicknameProblem(db, userId, input.nickname));

  const business = input.business;
  if (input.memberType === "business") {
    if (!business) throw profileError({ ...problems, businessName: "business_name_required" });
    if (!problems.businessNumber) {
      const status = await verifier.verify(business.number).catch(() => "lookup_failed" as const);
      if (status === "unusable") set("businessNumber", "business_number_invalid");
      if (status === "lookup_failed") set("businessNumber", "business_number_lookup_failed");
    }
    const types = await knownCodes(db, "businessType", [business.typeCode]);
    set("businessType", types.has(business.typeCode) ? undefined : "business_type_required");
    const hours = await knownCodes(db, "businessHours", [business.opensAt, business.closesAt]);
    set(
      "businessHours",
      hours.has(business.opensAt) && hours.has(business.closesAt) ? undefined : "business_hours_required",
    );
    set(
      "businessImages",
      files.businessImages > BUSINESS_IMAGES_MAX ? "business_images_too_many" : undefined,
    );
    if (!problems.businessName && !problems.businessNumber) {
      const [duplicate] = await db
        .select({ userId: businessProfile.userId })
        .from(businessProfile)
        .where(
          and(
            ne(businessProfile.userId, userId),
            sql`(lower(${businessProfile.name}) = lower(${business.name.trim()}) or ${businessProfile.number} = ${business.number})`,
          ),
        );
      if (duplicate) set("businessNumber", "business_duplicate");
    }
  }
  return problems;
}

/** The nickname duplicate check of the profile form: a rule problem, "taken", or undefined when it is free. */
export async function nicknameProblem(
  db: Database,
  userId: string,
  nickname: string,
): Promise<ProfileErrorCode | undefined> {
  const problem = checkNicknameRule(nickname);
  if (problem) return problem;
  const [taken] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(sql`lower(${member.nickname}) = lower(${nickname.trim()})`, ne(member.id, userId)));
  return taken ? "nickname_taken" : undefined;
}

export interface ProfileServices {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
}

/**
 * The welcome screen: completes the first login (the onboarding machine's "welcome", which a saved profile allows)
 * and grants the welcome points, in one unit. A member already welcomed is answered `granted: false` (a repeated
 * press); one whose profile is not saved is refused (409).
 */
export async function welcomeMember(db: Database, clock: Clock, userId: string, amount: number) {
  try {
    return await runInTransaction(db, clock, async (uow) => {
      await takeOnboardingStep(uow, userId, "welcome");
      const { granted } = amount > 0 ? await grantWelcomePoints(uow, userId, amount) : { granted: false };
      return { granted };
    });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === "transition_not_allowed")) throw error;
    const [row] = await db
      .select({ onboarding: member.onboarding })
      .from(member)
      .where(eq(member.id, userId));
    if (row?.onboarding !== "welcomed") throw error;
    return { granted: false };
  }
}

/**
 * Saves the first-login profile: files are checked and stored first, then every row is written in one transaction;
 * if anything fails, the stored files are removed again, so nothing is half-saved.
 */
export function completeProfile(
  services: ProfileServices,
  userId: string,
  input: ProfileInput,
  files: { avatars: UploadInput[]; businessImages: UploadInput[] },
) {
  return saveProfile(services, userId, input, files, "create");
}

/**
 * Edits a saved profile under the same rules. New photos are added to the ones kept; the member type and a
 * business's type cannot change (the customer center changes them).
 */
export async function updateProfile(
  services: ProfileServices,
  userId: string,
  input: ProfileInput,
  files: { avatars: UploadInput[]; businessImages: UploadInput[] },
) {
  const [current] = await services.db
    .select({ memberType: member.memberType, typeCode: businessProfile.typeCode })
    .from(member)
    .leftJoin(businessProfile, eq(businessProfile.userId, member.id))
    .where(eq(member.id, userId));
  const memberType = (current?.memberType ?? input.memberType) as MemberType;
  const business =
    memberType === "business" && input.business
      ? { ...input.business, typeCode: current?.typeCode ?? input.business.typeCode }
      : undefined;
  return saveProfile(services, userId, { ...input, memberType, business }, files, "update");
}

async function saveProfile(
  { db, clock, storage, logger }: ProfileServices,
  userId: string,
  typed: ProfileInput,
  files: { avatars: UploadInput[]; businessImages: UploadInput[] },
  mode: "create" | "update",
) {
  // Phone numbers are checked and stored without the hyphens or spaces they were typed with.
  const input: ProfileInput = typed.business
    ? {
        ...typed,
        business: {
          ...typed.business,
          tel: normalizePhone(typed.business.tel),
          settlementPhone: normalizePhone(typed.business.settlementPhone),
        },
      }
    : typed;
  const [owner] = await db
    .select({
      phone: member.phoneNumber,
      verified: member.phoneNumberVerified,
    })
    .from(member)
    .where(and(eq(member.id, userId), isNull(member.withdrawnAt)));
  if (!owner) throw profileError({ nickname: "nickname_required" });
  const kept = await db
    .select({ url: memberAvatar.url })
    .from(memberAvatar)
    .where(eq(memberAvatar.userId, userId))
    .orderBy(asc(memberAvatar.position));
  const problems = await validateProfile(db, clock.now(), userId, input, {
    avatars: kept.length + files.avatars.length,
    businessImages: files.businessImages.length,
    mobile: owner.phone,
    mobileVerified: Boolean(owner.verified),
  });
  if (kept.length + files.avatars.length > AVATARS_MAX) problems.avatars ??= "upload_too_many_files";
  if (Object.keys(problems).length > 0) throw profileError(problems);

  const stored: StoredImage[] = [];
  const removeStored = () =>
    Promise.all(stored.map((file) => storage.delete(file.key).catch(() => undefined))).then(() => undefined);
  try {
    if (files.avatars.length > 0) {
      stored.push(
        ...(await storeImages(storage, files.avatars, { kind: "avatar", max: AVATARS_MAX, clock, logger })),
      );
    }
  } catch (error) {
    if (isDomainError(error, "upload") && isUploadErrorCode(error.code))
      throw profileError({ avatars: `upload_${error.code}` });
    throw error;
  }
  const avatars = [...stored];
  let businessImages: StoredImage[] = [];
  if (input.memberType === "business" && files.businessImages.length > 0) {
    try {
      businessImages = await storeImages(storage, files.businessImages, {
        kind: "business",
        max: BUSINESS_IMAGES_MAX,
        clock,
        logger,
      });
      stored.push(...businessImages);
    } catch (error) {
      await removeStored();
      if (isDomainError(error, "upload") && isUploadErrorCode(error.code))
        throw profileError({ businessImages: `upload_${error.code}` });
      throw error;
    }
  }

  try {
    await runInTransaction(db, clock, async (uow) => {
      const { tx, now } = uow;
      // Saving the first-login profile is the onboarding step that leads to the welcome screen.
      if (mode === "create") await takeOnboardingStep(uow, userId, "saveProfile");
      await tx
        .update(member)
        .set({
          nickname: input.nickname.trim(),
          name: input.nickname.trim(),
          memberType: input.memberType,
          image: kept[0]?.url ?? avatars[0]!.url,
          updatedAt: now,
        })
        .where(eq(member.id, userId));
      await tx
        .insert(memberProfile)
        .values({
          userId,
          introduction: input.introduction.trim(),
          ridingYears: input.ridingYears,
          birthDate: input.birthDate,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: memberProfile.userId,
          set: {
            introduction: input.introduction.trim(),
            ridingYears: input.ridingYears,
            birthDate: input.birthDate,
            updatedAt: now,
          },
        });
      await tx.delete(memberLocation).where(eq(memberLocation.userId, userId));
      await tx.insert(memberLocation).values(
        input.locations.map((location, position) => {
          // The area is kept by its code; the label stored beside it is the Korean one, each page shows its own.
          const area = areaOfLocation(location)!;
          return {
            userId,
            position,
            isMain: position === 0,
            simpleAddress: areaName(area, "ko"),
            areaCode: area.code,
            latitude: location.lat,
            longitude: location.lng,
          };
        }),
      );
      await tx.delete(memberGenre).where(eq(memberGenre.userId, userId));
      await tx
        .insert(memberGenre)
        .values([...new Set(input.genres)].map((genreCode) => ({ userId, genreCode })));
      await tx.delete(memberSns).where(eq(memberSns.userId, userId));
      await tx
        .insert(memberSns)
        .values(
          input.sns.map((link, position) => ({ userId, kind: link.kind, url: link.url.trim(), position })),
        );
      if (avatars.length > 0) {
        await tx.insert(memberAvatar).values(
          avatars.map((avatar, index) => ({
            userId,
            storageKey: avatar.key,
            url: avatar.url,
            width: avatar.width,
            height: avatar.height,
            isRepresentative: kept.length === 0 && index === 0,
            position: kept.length + index,
            createdAt: now,
          })),
        );
      }
      if (input.memberType === "business" && input.business) {
        const business = input.business;
        const fields = {
          name: business.name.trim(),
          number: business.number,
          tel: business.tel,
          years: business.years,
          days: weekdays.filter((day) => business.days.includes(day)),
          opensAt: business.opensAt,
          closesAt: business.closesAt,
          introduction: business.introduction.trim(),
          ownerName: business.ownerName.trim(),
          email: business.email.trim(),
          settlementPhone: business.settlementPhone,
          updatedAt: now,
        };
        const added = businessImages.map((image) => ({ key: image.key, url: image.url }));
        const [existing] = await tx
          .select({ images: businessProfile.images })
          .from(businessProfile)
          .where(eq(businessProfile.userId, userId));
        if (mode === "update" && existing) {
          await tx
            .update(businessProfile)
            .set({ ...fields, images: [...existing.images, ...added].slice(-BUSINESS_IMAGES_MAX) })
            .where(eq(businessProfile.userId, userId));
        } else {
          await tx
            .insert(businessProfile)
            .values({ ...fields, userId, typeCode: business.typeCode, images: added, createdAt: now });
        }
      }
      // A saved profile has a verified mobile, and a business one a checked registration number.
      await recomputeReputation(uow, [userId]);
    });
  } catch (error) {
    await removeStored();
    // A racing save took the nickname or the business name or number first: the unique indexes decide.
    const again = await validateProfile(db, clock.now(), userId, input, {
      avatars: 1,
      businessImages: 0,
      mobile: owner.phone,
      mobileVerified: true,
    });
    if (again.nickname === "nickname_taken" || again.businessNumber === "business_duplicate")
      throw profileError(again);
    throw error;
  }
}
