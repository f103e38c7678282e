import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const adminRoutes = path.resolve(import.meta.dirname, "../routes/admin");

describe("the staff guard", () => {
  it("is the first line of every admin page's loader and action", () => {
    const modules = fs.readdirSync(adminRoutes).filter((name) => /^[\w-]+\.tsx$/.test(name));
    expect(modules.length).toBeGreaterThan(0);
    for (const name of modules) {
      const source = fs.readFileSync(path.join(adminRoutes, name), "utf8");
      const handlers = [...source.matchAll(/export async function (loader|action)\([^)]*\)[^{]*\{\n(.*)\n/g)];
      expect(handlers.length, name).toBeGreaterThan(0);
      for (const [, handler, firstLine] of handlers)
        expect(firstLine, `${name} ${handler}`).toMatch(
          /^\s+(const actor = )?await requireStaff\(request, "[a-z:]+"/,
        );
    }
  });
});
