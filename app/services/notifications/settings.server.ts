import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { notificationSetting } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { listFilterTable } from "#app/services/reference/filters.server";

export interface AlarmSetting {
  type: string;
  label: { ko: string; en: string };
  enabled: boolean;
}

/** Every notification type of the integratedAlarmType table, in its order, with the member's switch (on unless turned off). */
export async function alarmSettings(db: Database, memberId: string): Promise<AlarmSetting[]> {
  const [types, rows] = await Promise.all([
    listFilterTable(db, "integratedAlarmType"),
    db
      .select({ type: notificationSetting.type, enabled: notificationSetting.enabled })
      .from(notificationSetting)
      .where(eq(notificationSetting.memberId, memberId)),
  ]);
  const switches = new Map(rows.map((row) => [row.type, row.enabled]));
  return types.map((item) => ({
    type: item.code,
    label: item.label,
    enabled: switches.get(item.code) ?? true,
  }));
}

/**
 * Turns one type on or off for the member. The request names the state it wants (not "toggle"), so a repeated
 * submission leaves the same result.
 */
export async function setAlarmSetting(
  db: Database,
  clock: Clock,
  memberId: string,
  type: string,
  enabled: boolean,
): Promise<void> {
  const types = await listFilterTable(db, "integratedAlarmType");
  if (!types.some((item) => item.code === type)) {
    throw new DomainError("unknown_alarm_type", "alarm.error.unknownType", 400);
  }
  const now = clock.now();
  await db
    .insert(notificationSetting)
    .values({ memberId, type, enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSetting.memberId, notificationSetting.type],
      set: { enabled, updatedAt: now },
    });
}
