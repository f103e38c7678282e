import { describe, expect, it } from "vitest";
import { renderAlarmMessage } from "./messages.server";
import { alarmTypes } from "./types";

describe("notification messages", () => {
  it("read the actor's current nickname and the stored title in the reader's language", () => {
    const source = {
      type: "comment",
      params: { nickname: "예전", title: "남해 투어" },
      actor: { nickname: "라이더", withdrawn: false },
    };
    expect(renderAlarmMessage("ko", source)).toBe("라이더님이 회원님의 글 '남해 투어'에 댓글을 남겼습니다.");
    expect(renderAlarmMessage("en", source)).toBe("라이더 commented on your post '남해 투어'.");
    expect(renderAlarmMessage("ko", { type: "event", params: { title: "봄 이벤트" }, actor: null })).toBe(
      "이벤트가 시작되었습니다: 봄 이벤트",
    );
  });

  it("have a text for every type in both languages, with no placeholder left over", () => {
    for (const type of alarmTypes) {
      for (const language of ["ko", "en"] as const) {
        const text = renderAlarmMessage(language, { type, params: {}, actor: null });
        expect(text, `${type} ${language}`).not.toMatch(/[{}]/);
        expect(text.length).toBeGreaterThan(3);
      }
    }
  });

  it("format numbers, shorten long titles and name a withdrawn actor", () => {
    expect(
      renderAlarmMessage("ko", {
        type: "paymentRequested",
        params: { nickname: "정비사", amount: 35000 },
        actor: null,
      }),
    ).toBe("정비사님이 35,000원 결제를 요청했습니다.");
    expect(
      renderAlarmMessage("en", {
        type: "like",
        params: { title: "가".repeat(60) },
        actor: { nickname: null, withdrawn: true },
      }),
    ).toBe(`Former member liked your post '${"가".repeat(39)}…'.`);
    expect(renderAlarmMessage("ko", { type: "somethingNew", params: {}, actor: null })).toBe(
      "새 알림이 있습니다.",
    );
  });

  it("say how many times a notification that folded repeats happened", () => {
    const source = {
      type: "marketOffer",
      params: { title: "헬멧", price: 90000 },
      actor: { nickname: "흥정왕", withdrawn: false },
    };
    expect(renderAlarmMessage("ko", { ...source, repeats: 1 })).toBe(
      "흥정왕님이 '헬멧'에 90,000원을 제안했습니다.",
    );
    expect(renderAlarmMessage("ko", { ...source, repeats: 20 })).toBe(
      "흥정왕님이 '헬멧'에 90,000원을 제안했습니다. (총 20회)",
    );
    expect(renderAlarmMessage("en", { ...source, repeats: 1200 })).toBe(
      "흥정왕 offered ₩90,000 for '헬멧'. (1,200 times)",
    );
  });
});
