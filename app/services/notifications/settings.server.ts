import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { notificationSetting } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { listFilterTable } from "#app/services/reference/filters.server";
import { isAlarmType, sentAlarmTypes } from "./types";

export interface AlarmSetting {
  type: string;
  label: { ko: string; en: string };
  enabled: boolean;
}

function isSentType(code: string) {
  return isAlarmType(code) && sentAlarmTypes.has(code);
}

/**
 * The notification types that are sent today, in the order of the integratedAlarmType table, each with the member's
 * switch (on unless turned off). Types of features not built yet get no switch.
 */
export async function alarmSettings(db: Database, memberId: string): Promise<AlarmSetting[]> {
  const [types, rows] = await Promise.all([
    listFilterTable(db, "integratedAlarmType"),
    db
      .select({ type: notificationSetting.type, enabled: notificationSetting.enabled })
      .from(notificationSetting)
      .where(eq(notificationSetting.memberId, memberId)),
  ]);
  const switches = new Map(rows.map((row) => [row.type, row.enabled]));
  return types
    .filter((item) => isSentType(item.code))
    .map((item) => ({
      type: item.code,
      label: item.label,
      enabled: switches.get(item.code) ?? true,
    }));
}

/**
 * Turns one type that is sent today on or off for the member. The request names the state it wants (not "toggle"),
 * so a repeated submission leaves the same result.
 */
export async function setAlarmSetting(
  db: Database,
  clock: Clock,
  memberId: string,
  type: string,
  enabled: boolean,
): Promise<void> {
  const types = await listFilterTable(db, "integratedAlarmType");
  if (!types.some((item) => item.code === type && isSentType(item.code))) {
    throw new DomainError("alarm", "unknown_alarm_type");
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
