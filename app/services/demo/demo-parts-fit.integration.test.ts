import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { listMarket } from "#app/services/market/list.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { DEMO_EMAIL_DOMAIN, seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";
import { seedDemoPartsFit } from "./demo-parts-fit.server";

describe("demo parts that fit the demo garages", () => {
  it("needs the demo members", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoPartsFit(runtime)).toBe(0);
  });

  it(
    "are written once, and each demo rider's garage filter finds what fits their bike and not the rest",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db } = runtime;
      await seedCatalogue(db, runtime.clock);
      await seedDemoMembers(runtime);
      await seedDemoMotorcycles(runtime);
      expect(await seedDemoPartsFit(runtime)).toBe(5);
      expect(await seedDemoPartsFit(runtime)).toBe(0);

      const fitting = async (rider: string, kind: "parts" | "gear") => {
        const [row] = await db
          .select({ id: member.id })
          .from(member)
          .where(eq(member.email, `${rider}@${DEMO_EMAIL_DOMAIN}`));
        const page = await listMarket(db, null, new Set(), { kind, sort: "latest", fitsGarageOf: row!.id });
        return page.rows.map((listing) => listing.title);
      };
      expect(await fitting("minsu", "parts")).toEqual(["[데모] 포르자 350 순정 머플러 (21년식 이후)"]);
      expect(await fitting("minsu", "gear")).toEqual(["[데모] 스쿠터용 방한 무릎 덮개 (포르자·엔맥스)"]);
      expect(await fitting("jiyoung", "parts")).toEqual(["[데모] PCX 125 리어 캐리어 (21~23년식)"]);
      expect(await fitting("taeho", "parts")).toEqual(["[데모] MT-07 앞 브레이크 패드 새것"]);
      expect(await fitting("seoyeon", "gear")).toEqual(["[데모] 스쿠터용 방한 무릎 덮개 (포르자·엔맥스)"]);
    },
  );
});
