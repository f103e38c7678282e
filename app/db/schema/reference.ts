import { index, text, timestamp, uniqueIndex, pgTable } from "drizzle-orm/pg-core";
import { genericColumns } from "./columns";

/**
 * The filter tables of the product (meeting types, genres, statuses …) share one shape, so they share one table
 * keyed by their name. The name is a bound parameter, never SQL text.
 */
export const filterOption = pgTable(
  "filter_option",
  {
    ...genericColumns(),
    tableName: text("table_name").notNull(),
    code: text("code").notNull(),
    labelKo: text("label_ko").notNull(),
    labelEn: text("label_en").notNull(),
  },
  (t) => [uniqueIndex("filter_option_table_code_key").on(t.tableName, t.code)],
);

export const menuCategory = pgTable("menu_category", {
  ...genericColumns(),
  menuGroup: text("menu_group").notNull().unique(),
  labelKo: text("label_ko").notNull(),
  labelEn: text("label_en").notNull(),
});

export const menuList = pgTable(
  "menu_list",
  {
    ...genericColumns(),
    menuGroup: text("menu_group")
      .notNull()
      .references(() => menuCategory.menuGroup, { onUpdate: "cascade" }),
    code: text("code").notNull().unique(),
    labelKo: text("label_ko").notNull(),
    labelEn: text("label_en").notNull(),
    path: text("path").notNull(),
    area: text("area").notNull(),
  },
  (t) => [index("menu_list_group_index_idx").on(t.menuGroup, t.index)],
);

/**
 * What a start-up seed last wrote: its name and a checksum of the data it wrote, so that a start with unchanged data
 * costs one read instead of rewriting every row.
 */
export const seedState = pgTable("seed_state", {
  name: text("name").primaryKey(),
  checksum: text("checksum").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull(),
});
