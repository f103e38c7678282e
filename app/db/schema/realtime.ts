import { bigserial, customType, pgTable, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Socket.IO events that several processes share through PostgreSQL (@socket.io/postgres-adapter): a NOTIFY carries
 * at most 8000 bytes, so a larger or binary event is stored here and the NOTIFY names its row. The adapter deletes
 * rows older than 30 s; the table's shape is the one the adapter queries.
 */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  payload: bytea("payload"),
});
