import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "#app/services/errors";
import { domainFailure } from "./domain.server";
import { ECHO_MAX_CHARS, echoText, parseSubmission, refusedSubmission, withLastResult } from "./form.server";

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
