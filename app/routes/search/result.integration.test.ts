import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { listRecentSearches } from "#app/services/search/history.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { action, loader } from "./result";

let runtime: Runtime;
let cookie: string;
let memberId: string;

beforeAll(async () => {
  runtime = await createTestRuntime();
  setRuntime(runtime);
  const email = "searcher@example.com";
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.11" }),
  );
  cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const [row] = await runtime.db
    .update(member)
    .set({ nickname: "검색하는라이더", onboarding: "welcomed" })
    .where(eq(member.email, email))
    .returning({ id: member.id });
  memberId = row!.id;
});
afterAll(() => setRuntime(undefined));

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;
const recent = async () => (await listRecentSearches(runtime.db, memberId)).map((row) => row.query);

function search(path: string, q: string) {
  return action(
    args(
      new Request(`http://localhost:3999${path}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ q }),
      }),
    ),
  );
}

type Refusal = {
  data: { error: { code: string; message: string }; values: { q: string } };
  init: { status: number };
};

describe("the search result page", () => {
  it("shows results for a link without remembering it, so another site cannot plant searches", async () => {
    const shown = await loader(
      args(
        new Request("http://localhost:3999/search/result?q=%EB%9D%BC%EC%9D%B4%EB%8D%94", {
          headers: { cookie },
        }),
      ),
    );
    expect(shown).toMatchObject({ kind: "all", query: "라이더" });
    await loader(
      args(new Request("http://localhost:3999/search/result?q=abc&area=member", { headers: { cookie } })),
    );
    expect(await recent()).toEqual([]);
  });

  it("remembers a search the member sent, then shows its results at their own address", async () => {
    const sent = (await search("/search/result", "  헬멧   추천 ")) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/search/result?${new URLSearchParams({ q: "헬멧 추천" })}`);
    const english = (await search("/en/search/result", "라이더")) as Response;
    expect(english.headers.get("Location")).toBe(`/en/search/result?q=${encodeURIComponent("라이더")}`);
    expect(await recent()).toEqual(["라이더", "헬멧 추천"]);
  });

  it("asks for two or more characters, in either language, keeping what was typed and remembering nothing", async () => {
    const korean = (await search("/search/result", " 헬 ")) as unknown as Refusal;
    expect(korean.init.status).toBe(400);
    expect(korean.data).toEqual({
      error: { code: "query_too_short", message: "검색어를 2자 이상 입력해 주세요." },
      values: { q: " 헬 " },
    });
    const english = (await search("/en/search/result", "a")) as unknown as Refusal;
    expect(english.data.error.message).toBe("Enter 2 or more characters to search.");
    const linked = (await loader(
      args(new Request("http://localhost:3999/search/result?q=a", { headers: { cookie } })),
    )) as unknown as Refusal;
    expect(linked.data.error.code).toBe("query_too_short");
    expect(await recent()).not.toContain("헬");
  });
});
