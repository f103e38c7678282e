import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member, memberSkill } from "#app/db/schema";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime } from "../../../tests/setup/runtime";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";
import { seedDemoSkills } from "./demo-skills.server";

describe("demo skills", () => {
  it("needs the demo members", async () => {
    const { db, clock } = await createTestRuntime();
    expect(await seedDemoSkills(db, clock)).toBe(0);
    expect(await db.select().from(memberSkill)).toEqual([]);
  });

  it("gives the demo members skills around Seoul once, the business member shop repair", async () => {
    const runtime = await createTestRuntime();
    const { db, clock } = runtime;
    await seedCatalogue(db, clock);
    await seedDemoMembers(runtime);
    await seedDemoMotorcycles(runtime);

    expect(await seedDemoSkills(db, clock)).toBe(11);
    expect(await seedDemoSkills(db, clock)).toBe(0);

    const skills = await db
      .select({ kind: memberSkill.kind, email: member.email, skill: memberSkill })
      .from(memberSkill)
      .innerJoin(member, eq(member.id, memberSkill.memberId));
    expect(skills).toHaveLength(11);
    const kinds = new Set(skills.map((row) => row.kind));
    expect([...kinds].sort()).toEqual(["coaching", "owner", "pickup", "repair", "rescue"]);
    expect(skills.filter((row) => row.kind === "owner")).toHaveLength(3);
    for (const { skill } of skills) {
      // Seoul and the edge of Gyeonggi.
      expect(skill.latitude).toBeGreaterThan(37.4);
      expect(skill.latitude).toBeLessThan(37.7);
      expect(skill.longitude).toBeGreaterThan(126.8);
      expect(skill.longitude).toBeLessThan(127.3);
      expect(skill.active).toBe(true);
    }
    expect(
      skills.find((row) => row.email.startsWith("garage@") && row.kind === "repair")?.skill,
    ).toMatchObject({
      repairLevel: "shop",
      outsideRepair: true,
      areaCode: "seoul-seongdong",
    });
  });

  it("leaves out owner skills without the demo garages", async () => {
    const runtime = await createTestRuntime();
    await seedDemoMembers(runtime);
    expect(await seedDemoSkills(runtime.db, runtime.clock)).toBe(8);
  });
});
