import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "#app/services/errors";
import { domainFailure } from "./domain.server";
import {
  ECHO_MAX_CHARS,
  echoText,
  parseIntentSubmission,
  parseSubmission,
  refusedForm,
  refusedSubmission,
  typedTexts,
  withLastResult,
} from "./form.server";

describe("what a refused form gets back", () => {
  it("keeps a text up to the echo's bound, counted in characters", () => {
    expect(echoText("라이더")).toBe("라이더");
    const long = "가".repeat(3 * ECHO_MAX_CHARS);
    expect(echoText(long)).toBe("가".repeat(ECHO_MAX_CHARS));
    // Characters outside the basic plane are never cut in half.
    expect([...echoText("🏍".repeat(ECHO_MAX_CHARS + 5))]).toHaveLength(ECHO_MAX_CHARS);
  });

  it("bounds every value the schema's refusal and a service's refusal send back", () => {
    const schema = z.object({ nickname: z.string().max(20), tags: z.array(z.string()) });
    const form = new FormData();
    form.append("nickname", "a".repeat(1_000_000));
    form.append("tags", "b".repeat(50_000));
    form.append("tags", "short");
    const submission = parseSubmission(form, schema);
    expect(submission.status).toBe("error");
    const refused = refusedSubmission(submission).data.lastResult.initialValue as {
      nickname: string;
      tags: string[];
    };
    expect(refused.nickname).toBe("a".repeat(ECHO_MAX_CHARS));
    expect(refused.tags).toEqual(["b".repeat(ECHO_MAX_CHARS), "short"]);

    const failure = domainFailure("ko", new DomainError("market", "offer_message_length"), {
      message: "가".repeat(20 * 1024 * 1024),
      price: "10000",
    });
    expect(failure.init?.status).toBe(400);
    expect(failure.data.values).toEqual({ message: "가".repeat(ECHO_MAX_CHARS), price: "10000" });
    const again = withLastResult(failure, submission).data;
    expect((again.lastResult.initialValue as { nickname: string }).nickname).toHaveLength(ECHO_MAX_CHARS);
  });
});

describe("a form of several intents", () => {
  const schema = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal(["bump", "release"]) }),
    z.object({ intent: z.literal("offer"), price: z.string({ error: "marketError.offer_price_invalid" }) }),
    z.object({ intent: z.literal("accept"), offerId: z.string().regex(/^\d+$/) }),
  ]);
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  it("answers a missing or unknown intent one way, in the page's language, before reading any field", () => {
    const forms: Record<string, string>[] = [
      {},
      { intent: "" },
      { intent: "delete" },
      { intent: "toString" },
    ];
    for (const fields of forms) {
      const { refusal, submission } = parseIntentSubmission(formOf(fields), schema, "ko");
      expect(submission).toBeUndefined();
      expect(refusal?.init?.status).toBe(400);
      expect(refusal?.data).toEqual({
        error: { code: "invalid_access", message: "잘못된 접근입니다." },
        values: {},
      });
    }
    const { refusal } = parseIntentSubmission(formOf({ intent: "x" }), schema, "en");
    expect(refusal?.data.error.message).toBe("Invalid access.");
  });

  it("parses a known intent by its own fields, typed by the intent", () => {
    const { refusal, submission } = parseIntentSubmission(
      formOf({ intent: "release", price: "x" }),
      schema,
      "ko",
    );
    expect(refusal).toBeUndefined();
    expect(submission?.status === "success" && submission.value).toEqual({ intent: "release" });
    const offer = parseIntentSubmission(formOf({ intent: "offer", price: "10000" }), schema, "ko").submission;
    expect(offer?.status === "success" && offer.value).toEqual({ intent: "offer", price: "10000" });
  });

  it("refuses a malformed field with its message, or 'invalid access' for a field nobody types", () => {
    const offer = parseIntentSubmission(formOf({ intent: "offer" }), schema, "ko").submission!;
    const refusedOffer = refusedForm("ko", offer, typedTexts(offer, new Set(["intent"])));
    expect(refusedOffer.init?.status).toBe(400);
    expect(refusedOffer.data).toMatchObject({
      error: { code: "invalid_form", message: "제안 가격을 1원 이상 숫자로 입력해 주세요." },
      values: { intent: "offer" },
    });
    const accept = parseIntentSubmission(
      formOf({ intent: "accept", offerId: "1e3" }),
      schema,
      "en",
    ).submission!;
    expect(refusedForm("en", accept).data.error).toEqual({
      code: "invalid_form",
      message: "Invalid access.",
    });
  });
});
