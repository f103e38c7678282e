import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { motorcycleReport } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import {
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as reportPage from "./motorcycle";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  await insertMotorcycle(runtime.db, runtime.clock, "forza350");
});

const form = (fields: Record<string, string> = {}) => ({
  token: crypto.randomUUID(),
  manufacturer: "Kawasaki",
  model: "Z900",
  releaseYear: "2024",
  specUrl: "https://www.kawasaki.co.kr/z900",
  ...fields,
});

const post = (as: SignedInMember | null, fields: Record<string, string>, path = "/report/motorcycle") =>
  callAction(reportPage.action, { path, form: fields, as });

const reportsOf = (who: SignedInMember) =>
  runtime.db.select().from(motorcycleReport).where(eq(motorcycleReport.reporterId, who.id));

describe("/report/motorcycle (missing-model reports)", () => {
  it("files a report for a signed-in member only, and shows the member their own reports", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await post(null, form())).outcome).toBe("sign-in");
    expect((await post(firstLogin, form())).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, form())).outcome).toBe("two-step");
    expect(await reportsOf(adminWithoutTwoFactor)).toEqual([]);

    const filed = await post(owner, form());
    expect(filed).toMatchObject({ outcome: "done", location: "/report/motorcycle", flashed: true });
    expect(await reportsOf(owner)).toMatchObject([{ model: "Z900", status: "submitted" }]);

    const mine = await callLoader(reportPage.loader, { path: "/report/motorcycle", as: owner });
    expect(mine.data).toMatchObject({ reports: [{ model: "Z900", status: "submitted" }] });
    const theirs = await callLoader(reportPage.loader, { path: "/report/motorcycle", as: other });
    expect(theirs.data).toMatchObject({ reports: [] });
    expect((await callLoader(reportPage.loader, { path: "/report/motorcycle", as: null })).outcome).toBe(
      "sign-in",
    );
  });

  it("refuses a duplicate with a clear message and keeps what was typed", async () => {
    const { owner, other } = callers;
    await post(owner, form({ model: "Ninja 650" }));
    const open = await post(other, form({ model: "ninja-650" }), "/en/report/motorcycle");
    expect(open.outcome).toBe("invalid");
    expect(open.data).toMatchObject({
      error: {
        code: "report_open_exists",
        message: "'Kawasaki ninja-650 (2024)' has already been reported and is under review.",
      },
      lastResult: { initialValue: { model: "ninja-650" } },
    });
    const known = await post(other, form({ manufacturer: "Honda", model: "Forza 350", releaseYear: "2023" }));
    expect(known.data).toMatchObject({ error: { code: "report_in_catalogue" } });
    expect(await reportsOf(other)).toEqual([]);
  });

  it("refuses bad fields with each field's message", async () => {
    const refused = await post(
      callers.owner,
      form({ manufacturer: "가와사키", releaseYear: "1800", specUrl: "kawasaki" }),
    );
    expect(refused.outcome).toBe("invalid");
    expect(refused.data).toMatchObject({
      lastResult: {
        error: {
          manufacturer: ["garage.error.report_manufacturer_invalid"],
          releaseYear: ["garage.error.report_year_invalid"],
          specUrl: ["garage.error.report_url_invalid"],
        },
      },
    });
  });

  it("files one report when the same form is sent twice", async () => {
    const { owner } = callers;
    const fields = form({ model: "Versys 650" });
    const [first, second] = await Promise.all([post(owner, fields), post(owner, fields)]);
    expect([first.outcome, second.outcome]).toEqual(["done", "done"]);
    expect((await reportsOf(owner)).filter((row) => row.model === "Versys 650")).toHaveLength(1);
  });
});
