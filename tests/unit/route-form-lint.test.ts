import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const ROUTE = "app/routes/fixture-route.tsx";

/** The lint's messages for `code` written as a route module (a fixture: nothing is written to disk). */
async function problems(code: string, file = ROUTE) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

const action = (body: string, imports = "") => `import type { ActionFunctionArgs } from "react-router";
import { readForm } from "#app/shell/input.server";
${imports}
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
${body}
}
`;

const refusal = (ruleId: string) => ({ ruleId, message: expect.stringContaining("parseSubmission") });

describe("the lint keeps route actions to one parse of their form (issue 33)", () => {
  it("refuses a field read by hand from the form", async () => {
    expect(await problems(action('  return { price: form.get("price") };'))).toEqual([
      refusal("no-restricted-syntax"),
    ]);
    expect(await problems(action('  return { tags: form.getAll("tags") };'))).toEqual([
      refusal("no-restricted-syntax"),
    ]);
    expect(
      await problems(`export function shouldRevalidate({ formData }: { formData?: FormData }) {
  return formData?.get("intent") !== "send";
}
`),
    ).toEqual([refusal("no-restricted-syntax")]);
  });

  it("refuses a 404 thrown by hand, and lets a route throw notFound()", async () => {
    const loader = (body: string, imports: string) => `${imports}
export async function loader() {
${body}
}
`;
    expect(
      await problems(
        loader('  throw data("없음", { status: 404 });', 'import { data } from "react-router";'),
      ),
    ).toEqual([{ ruleId: "no-restricted-syntax", message: expect.stringContaining("notFound()") }]);
    expect(await problems(loader('  throw new Response("", { status: 404 });', ""))).toEqual([
      { ruleId: "no-restricted-syntax", message: expect.stringContaining("notFound()") },
    ]);
    expect(
      await problems(loader("  throw notFound();", 'import { notFound } from "#app/shell/input.server";')),
    ).toEqual([]);
  });

  it("refuses the old field reader", async () => {
    expect(
      await problems(
        action(
          '  return { price: formText(form, "price") };',
          'import { formText } from "#app/shell/auth.server";',
        ),
      ),
    ).toEqual([refusal("@typescript-eslint/no-restricted-imports")]);
  });

  it("lets an action parse its schema, and a loader read its address", async () => {
    const parsed = action(
      `  const { refusal, submission } = parseIntentSubmission(form, listingPageSchema, "ko");
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm("ko", submission);
  return { intent: submission.value.intent };`,
      `import { listingPageSchema } from "#app/services/market/listing-page.schema";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";`,
    );
    expect(await problems(parsed)).toEqual([]);
    expect(
      await problems(`export function loader({ request }: { request: Request }) {
  const searchParams = new URL(request.url).searchParams;
  return { page: searchParams.get("page"), tags: searchParams.getAll("tags") };
}
`),
    ).toEqual([]);
  });

  it("applies to routes only: the shell's form helpers read fields", async () => {
    expect(
      await problems(action('  return { price: form.get("price") };'), "app/shell/fixture.server.ts"),
    ).toEqual([]);
  });

  it("refuses a cast to never anywhere in the app, routes included, and a type named in a plain import", async () => {
    const cast = "export const values = { price: '1' } as never;\n";
    const castRefusal = {
      ruleId: "no-restricted-syntax",
      message: expect.stringContaining("casting it to never"),
    };
    expect(await problems(cast, "app/components/fixture.tsx")).toEqual([castRefusal]);
    expect(await problems(cast)).toEqual([castRefusal]);
    expect(
      await problems(
        'import { type FormError } from "#app/shell/auth.server";\nexport const none: FormError | null = null;\n',
        "app/components/fixture.tsx",
      ),
    ).toEqual([expect.objectContaining({ ruleId: "@typescript-eslint/no-import-type-side-effects" })]);
  });
});
