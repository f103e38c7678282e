import { DomainError } from "#app/services/errors";
import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { answerInquiry, inquiriesForAdmin, myInquiries, sendInquiry } from "./inquiry.server";

let runtime: Runtime;
let rider: TestMember;
let admin: TestMember;
let adminWithoutTwoFactor: TestMember;

beforeAll(async () => {
  runtime = await createTestRuntime();
  rider = await insertMember(runtime.db, { nickname: "라이더" });
  admin = await insertAdmin(runtime.db, { nickname: "관리자" });
  adminWithoutTwoFactor = await insertMember(runtime.db, { role: "admin" });
});

async function code(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError<"inquiry">).code;
}

describe("1:1 inquiries", () => {
  it("are sent by members and answered by administrators with two-step verification", async () => {
    const { db, clock } = runtime;
    expect(await code(sendInquiry(db, clock, rider.id, { title: " ", body: "x" }))).toBe("title_required");
    expect(await code(sendInquiry(db, clock, rider.id, { title: "가".repeat(101), body: "x" }))).toBe(
      "title_length",
    );
    expect(await code(sendInquiry(db, clock, rider.id, { title: "제목", body: "" }))).toBe("body_required");
    const id = await sendInquiry(db, clock, rider.id, {
      title: "포인트 문의",
      body: "가입 포인트가 안 보여요",
    });

    expect(await code(inquiriesForAdmin(db, rider))).toBe("forbidden");
    expect(await code(inquiriesForAdmin(db, adminWithoutTwoFactor))).toBe("forbidden");
    expect(await code(answerInquiry(db, clock, rider, id, "직접 답변"))).toBe("forbidden");
    expect(await code(answerInquiry(db, clock, adminWithoutTwoFactor, id, "직접 답변"))).toBe("forbidden");
    expect((await inquiriesForAdmin(db, admin, { open: true })).map((row) => row.title)).toEqual([
      "포인트 문의",
    ]);

    await answerInquiry(db, clock, admin, id, "내 포인트 메뉴에서 확인할 수 있습니다.");
    expect(await inquiriesForAdmin(db, admin, { open: true })).toEqual([]);
    const [mine] = await myInquiries(db, rider.id);
    expect(mine).toMatchObject({ title: "포인트 문의", answer: "내 포인트 메뉴에서 확인할 수 있습니다." });
    expect(await code(answerInquiry(db, clock, admin, 9999, "없음"))).toBe("not_found");
    expect(await myInquiries(db, admin.id)).toEqual([]);
  });
});
