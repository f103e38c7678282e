import { describe, expect, it } from "vitest";
import { FixedClock } from "#app/platform/clock.server";
import { hit } from "#app/platform/rate-limit.server";
import { DomainError } from "#app/services/errors";
import { createTestDatabase } from "../../../tests/setup/database";
import { SUBMISSION_WINDOW_MS, submitOnce } from "./submit-once.server";

const { db } = await createTestDatabase();
const clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));
let tokens = 0;
const newToken = () => `token-${Date.now().toString(36)}-${++tokens}-abcdef`;

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe("submitOnce", () => {
  it(
    "runs a double submission once and answers both with the same result",
    { tags: ["concurrency"] },
    async () => {
      const token = newToken();
      let writes = 0;
      const write = async () => {
        writes += 1;
        return { id: writes };
      };
      const [first, second] = await Promise.all([
        submitOnce(db, clock, { memberId: "m1", token }, write),
        submitOnce(db, clock, { memberId: "m1", token }, write),
      ]);
      expect(writes).toBe(1);
      expect(second).toEqual(first);
      // A late resend of the same form still does not write again.
      expect(await submitOnce(db, clock, { memberId: "m1", token }, write)).toEqual(first);
      expect(writes).toBe(1);
    },
  );

  it("refuses a token another process already claimed", async () => {
    const token = newToken();
    await hit(db, `submit:m2:${token}`, { limit: 1, windowMs: SUBMISSION_WINDOW_MS }, clock.now());
    let writes = 0;
    const code = await codeOf(
      submitOnce(db, clock, { memberId: "m2", token }, async () => {
        writes += 1;
      }),
    );
    expect(code).toBe("duplicate_submission");
    expect(writes).toBe(0);
  });

  it("releases the token when the write is refused, so the corrected form can be sent", async () => {
    const token = newToken();
    const refused = submitOnce(db, clock, { memberId: "m3", token }, async () => {
      throw new DomainError("title_required", "board.error.title_required");
    });
    expect(await codeOf(refused)).toBe("title_required");
    expect(await submitOnce(db, clock, { memberId: "m3", token }, async () => "saved")).toBe("saved");
  });

  it("keeps members apart and refuses a missing or malformed token", async () => {
    const token = newToken();
    expect(await submitOnce(db, clock, { memberId: "m4", token }, async () => "a")).toBe("a");
    expect(await submitOnce(db, clock, { memberId: "m5", token }, async () => "b")).toBe("b");
    expect(await codeOf(submitOnce(db, clock, { memberId: "m4", token: "" }, async () => "c"))).toBe(
      "submission_token",
    );
    expect(await codeOf(submitOnce(db, clock, { memberId: "m4", token: "x'; drop" }, async () => "c"))).toBe(
      "submission_token",
    );
  });
});
