import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The rules the project's lint reports for `code` written at `file` (a fixture: nothing is written to disk). */
async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

const LAYER_RULE = "@typescript-eslint/no-restricted-imports";

describe("the lint enforces the layers", () => {
  it("refuses a route that touches the database, and lets it call a service", async () => {
    expect(
      await problems("app/routes/fixture.tsx", 'import { member } from "#app/db/schema";\nvoid member;\n'),
    ).toEqual([LAYER_RULE]);
    expect(await problems("app/routes/fixture.tsx", 'import { eq } from "drizzle-orm";\nvoid eq;\n')).toEqual(
      [LAYER_RULE],
    );
    expect(
      await problems(
        "app/routes/fixture.tsx",
        'import { listPinned } from "#app/services/members/relations.server";\nvoid listPinned;\n',
      ),
    ).toEqual([]);
  });

  it("refuses a service that imports a route, a component or React", async () => {
    for (const source of ["#app/routes/home", "#app/components/ui/Avatar", "react", "react-router"]) {
      expect(
        await problems("app/services/board/fixture.server.ts", `import * as x from "${source}";\nvoid x;\n`),
        source,
      ).toEqual([LAYER_RULE]);
    }
    expect(
      await problems(
        "app/services/board/fixture.server.ts",
        'import { member } from "#app/db/schema";\nvoid member;\n',
      ),
    ).toEqual([]);
  });

  it("refuses the platform importing a service, even for a type, and the database importing the app", async () => {
    expect(
      await problems(
        "app/platform/fixture.server.ts",
        'import type { ArticleView } from "#app/services/board/articles.server";\nexport type X = ArticleView;\n',
      ),
    ).toEqual([LAYER_RULE]);
    expect(
      await problems(
        "app/db/fixture.server.ts",
        'import type { AppConfig } from "#app/platform/env.server";\nexport type X = AppConfig;\n',
      ),
    ).toEqual([LAYER_RULE]);
  });

  it("refuses browser code importing a server module, but lets it name the module's types", async () => {
    expect(
      await problems(
        "app/components/board/Fixture.tsx",
        'import { listBoard } from "#app/services/board/list.server";\nvoid listBoard;\n',
      ),
    ).toEqual([LAYER_RULE]);
    expect(
      await problems(
        "app/components/board/Fixture.tsx",
        'import type { ArticleListRow } from "#app/services/board/list.server";\nexport type X = ArticleListRow;\n',
      ),
    ).toEqual([]);
  });

  it("keeps the shell off the database, and its browser half off server modules", async () => {
    expect(
      await problems(
        "app/shell/fixture.server.ts",
        'import { member } from "#app/db/schema";\nvoid member;\n',
      ),
    ).toEqual([LAYER_RULE]);
    expect(
      await problems(
        "app/shell/fixture.server.ts",
        'import { getRuntime } from "#app/platform/runtime.server";\nvoid getRuntime;\n',
      ),
    ).toEqual([]);
    expect(
      await problems(
        "app/shell/Fixture.tsx",
        'import { getRuntime } from "#app/platform/runtime.server";\nvoid getRuntime;\n',
      ),
    ).toEqual([LAYER_RULE]);
  });

  it("refuses a page action reading its form without readForm", async () => {
    expect(
      await problems(
        "app/routes/fixture.tsx",
        "export async function action({ request }: { request: Request }) {\n  return request.formData();\n}\n",
      ),
    ).toEqual(["no-restricted-syntax"]);
  });
});
