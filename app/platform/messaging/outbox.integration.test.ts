import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { outboxMessage } from "#app/db/schema";
import { FixedClock, systemClock } from "#app/platform/clock.server";
import { createTestDatabase } from "#tests/setup/database";
import { createMessaging } from "./index.server";
import {
  createOutboxEmailSender,
  createOutboxSmsSender,
  latestOutboxMessage,
  listOutbox,
} from "./outbox.server";
import { DeliveryError } from "./types";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});
beforeEach(async () => {
  await db.delete(outboxMessage);
});

describe("outbox senders", () => {
  it("stores an e-mail with its subject and text body, at the app clock's time", async () => {
    const sentAt = new Date("2026-03-01T09:30:00Z");
    const email = createOutboxEmailSender(db, new FixedClock(sentAt));
    expect(email.kind).toBe("outbox");
    await email.send({
      to: "rider@example.com",
      subject: "[모토메이트] 인증 코드",
      text: "인증 코드: 123456",
      html: "<p>인증 코드: <b>123456</b></p>",
    });
    const rows = await db.select().from(outboxMessage);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "email",
      recipient: "rider@example.com",
      subject: "[모토메이트] 인증 코드",
      body: "인증 코드: 123456",
    });
    expect(rows[0]!.createdAt).toEqual(sentAt);
  });

  it("stores a text message without a subject", async () => {
    const sms = createOutboxSmsSender(db, systemClock);
    expect(sms.kind).toBe("outbox");
    await sms.send({ to: "01012345678", text: "[모토메이트] 인증번호 654321" });
    const rows = await db.select().from(outboxMessage);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "sms",
      recipient: "01012345678",
      subject: null,
      body: "[모토메이트] 인증번호 654321",
    });
  });

  it("refuses a number that is not an 11-digit mobile number and stores nothing", async () => {
    const sms = createOutboxSmsSender(db, systemClock);
    for (const to of ["010-1234-5678", "0101234567", "+821012345678", "02123456789"]) {
      await expect(sms.send({ to, text: "코드 111111" })).rejects.toBeInstanceOf(DeliveryError);
    }
    expect(await db.select().from(outboxMessage)).toEqual([]);
  });
});

describe("reading the outbox", () => {
  async function sendSome() {
    const email = createOutboxEmailSender(db, systemClock);
    const sms = createOutboxSmsSender(db, systemClock);
    await email.send({ to: "a@example.com", subject: "첫째", text: "one" });
    await sms.send({ to: "01011112222", text: "two" });
    await email.send({ to: "b@example.com", subject: "셋째", text: "three" });
    await email.send({ to: "a@example.com", subject: "넷째", text: "four" });
  }

  it("lists the newest first as plain objects, up to the limit", async () => {
    await sendSome();
    const all = await listOutbox(db);
    expect(all.map((m) => m.body)).toEqual(["four", "three", "two", "one"]);
    expect(Object.keys(all[0]!).sort()).toEqual([
      "body",
      "channel",
      "createdAt",
      "id",
      "recipient",
      "subject",
    ]);
    expect(all[0]).toMatchObject({ channel: "email", recipient: "a@example.com", subject: "넷째" });
    expect(all[2]).toMatchObject({ channel: "sms", recipient: "01011112222", subject: null });
    for (let i = 1; i < all.length; i++) {
      expect(all[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(all[i]!.createdAt.getTime());
    }

    expect((await listOutbox(db, { limit: 2 })).map((m) => m.body)).toEqual(["four", "three"]);
  });

  it("filters by recipient", async () => {
    await sendSome();
    expect((await listOutbox(db, { recipient: "a@example.com" })).map((m) => m.body)).toEqual([
      "four",
      "one",
    ]);
    expect((await listOutbox(db, { recipient: "01011112222" })).map((m) => m.body)).toEqual(["two"]);
    expect(await listOutbox(db, { recipient: "nobody@example.com" })).toEqual([]);
  });

  it("finds the latest message to a recipient on one channel", async () => {
    await sendSome();
    expect(await latestOutboxMessage(db, "a@example.com", "email")).toMatchObject({
      channel: "email",
      subject: "넷째",
      body: "four",
    });
    expect(await latestOutboxMessage(db, "a@example.com", "sms")).toBeUndefined();
    expect(await latestOutboxMessage(db, "01011112222", "sms")).toMatchObject({ body: "two", subject: null });

    // The same recipient on both channels: each channel answers with its own latest message.
    await createOutboxSmsSender(db, systemClock).send({ to: "01011112222", text: "five" });
    await createOutboxEmailSender(db, systemClock).send({
      to: "01011112222",
      subject: "여섯째",
      text: "six",
    });
    expect((await latestOutboxMessage(db, "01011112222", "sms"))?.body).toBe("five");
    expect((await latestOutboxMessage(db, "01011112222", "email"))?.body).toBe("six");
  });
});

describe("createMessaging", () => {
  it("uses the outbox when nothing is configured", async () => {
    const messaging = createMessaging({
      db,
      clock: systemClock,
      config: { mailFrom: "no-reply@example.com" },
    });
    expect(messaging.email.kind).toBe("outbox");
    expect(messaging.sms.kind).toBe("outbox");
    await messaging.email.send({ to: "c@example.com", subject: "제목", text: "본문" });
    await messaging.sms.send({ to: "01033334444", text: "문자" });
    expect((await listOutbox(db)).map((m) => [m.channel, m.recipient])).toEqual([
      ["sms", "01033334444"],
      ["email", "c@example.com"],
    ]);
    await messaging.close();
  });

  it("uses SMTP and the SMS provider when they are configured", async () => {
    const messaging = createMessaging({
      clock: systemClock,
      db,
      config: {
        smtpUrl: "smtp://user:pass@127.0.0.1:2525",
        mailFrom: "no-reply@example.com",
        smsApiUrl: "http://127.0.0.1:9/sms",
        smsApiKey: "key",
        smsSender: "0212345678",
      },
    });
    expect(messaging.email.kind).toBe("smtp");
    expect(messaging.sms.kind).toBe("http");
    await messaging.close();
  });

  it("keeps the SMS outbox unless both the provider url and key are set", async () => {
    const noKey = createMessaging({
      clock: systemClock,
      db,
      config: { mailFrom: "x@example.com", smsApiUrl: "http://127.0.0.1:9/sms", smsSender: "0212345678" },
    });
    expect(noKey.sms.kind).toBe("outbox");
    const noUrl = createMessaging({
      clock: systemClock,
      db,
      config: { mailFrom: "x@example.com", smsApiKey: "key", smsSender: "0212345678" },
    });
    expect(noUrl.sms.kind).toBe("outbox");
  });

  it("refuses a provider configuration without a sender number", () => {
    expect(() =>
      createMessaging({
        clock: systemClock,
        db,
        config: { mailFrom: "x@example.com", smsApiUrl: "http://127.0.0.1:9/sms", smsApiKey: "key" },
      }),
    ).toThrow(/smsSender/);
  });
});
