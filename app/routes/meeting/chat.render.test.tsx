import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ChatRoomView } from "#app/services/meetings/chat/read.server";
import type { ChatMessageView } from "#app/services/meetings/chat/messages.server";
import MeetingChat from "./chat";

function render(path: string, loaderData: unknown) {
  const Component = MeetingChat as unknown as ComponentType<{ loaderData: unknown }>;
  const router = createMemoryRouter([{ path: "*", element: <Component loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const requester = { id: "req", nickname: "초보라이더", avatarUrl: null };
const provider = { id: "pro", nickname: "모토정비", avatarUrl: "/uploads/avatar/p.webp" };

const message = (id: number, fields: Partial<ChatMessageView>): ChatMessageView => ({
  id,
  kind: "text",
  senderId: requester.id,
  body: "",
  image: null,
  event: null,
  values: null,
  flagged: false,
  clientId: null,
  createdAt: "2026-03-02T01:00:00.000Z",
  ...fields,
});

const messages = [
  message(1, { kind: "system", senderId: null, event: "requestOpened", values: { nickname: "초보라이더" } }),
  message(2, { body: "브레이크 소리가 나요" }),
  message(3, { senderId: provider.id, body: "010-1234-5678로 전화 주세요", flagged: true }),
  message(4, {
    senderId: provider.id,
    kind: "image",
    image: { url: "/uploads/post/x.webp", width: 640, height: 480 },
  }),
  message(5, { body: "네 알겠습니다" }),
  message(6, {
    kind: "system",
    senderId: null,
    event: "reservationCancelled",
    values: { reason: "일정 변경", by: "provider" },
  }),
];

const room: ChatRoomView = {
  id: 9,
  code: "AbCdEfGhIjKlMnOpQrStUv",
  kind: "repair",
  status: "chatting",
  role: "provider",
  requester,
  provider,
  appointmentAt: "2026-03-03T01:00:00.000Z",
  place: null,
  cancelReason: null,
  request: [
    { name: "model", type: "text", text: "혼다 PCX 125" },
    { name: "repairOption", type: "label", label: { ko: "엔진오일 교환", en: "Oil Change" } },
    { name: "symptom", type: "text", text: "브레이크에서 소리가 납니다" },
    { name: "wishAt", type: "at", at: "2026-03-04T05:00:00.000Z" },
  ],
  canWrite: true,
  otherReadUpTo: 3,
  readUpTo: 0,
  actions: ["setAppointment", "setPlace", "reserve", "cancel"],
  payment: {
    status: "none",
    amount: 0,
    memo: "",
    freeInspection: false,
    paid: null,
    actions: ["requestPayment"],
    coupons: [],
    lastFailure: null,
    confirming: false,
  },
};

const roomData = (overrides: Partial<ChatRoomView>, viewerId = provider.id) => ({
  mode: "room",
  kind: "repair",
  room: { ...room, ...overrides },
  history: { messages, hasEarlier: true, hasLater: false },
  viewerId,
  clientId: "server-made-client-id",
  now: "2026-03-02T02:00:00.000Z",
  map: { tileUrl: "https://tiles.example/{z}/{x}/{y}.png", attribution: "tiles" },
  header: { title: "초보라이더님과의 대화", backTo: "/meeting/repair/chat" },
});

describe("the chat page", () => {
  it("lists conversations with unread counts, or says there are none", () => {
    const html = render("/meeting/repair/chat", {
      mode: "list",
      kind: "repair",
      now: "2026-03-02T02:00:00.000Z",
      nextCursor: "next",
      items: [
        {
          code: room.code,
          kind: "repair",
          status: "reserved",
          role: "requester",
          other: provider,
          last: { kind: "image", text: "", event: null, values: null, mine: false },
          lastMessageAt: "2026-03-02T01:30:00.000Z",
          unread: 3,
          path: `/meeting/repair/chat?room=${room.code}`,
        },
      ],
    });
    expect(html).toContain(`href="/meeting/repair/chat?room=${room.code}"`);
    expect(html).toContain("모토정비");
    expect(html).toContain("읽지 않은 메시지 3개");
    expect(html).toContain("예약 확정");
    expect(html).toContain("사진");
    expect(html).toContain("cursor=next");
    const empty = render("/en/meeting/repair/chat", {
      mode: "list",
      kind: "repair",
      now: "x",
      items: [],
      nextCursor: null,
    });
    expect(empty).toContain("No conversations yet.");
    expect(empty).toContain('href="/en/meeting/repair/search"');
  });

  it("shows the room to the provider with exactly the controls the meeting gives", () => {
    const html = render(`/meeting/repair/chat?room=${room.code}`, roomData({}));
    expect(html).toContain("초보라이더님이 만남을 신청했습니다.");
    expect(html).toContain("전문가이(가) 예약을 취소했습니다. 사유: 일정 변경");
    expect(html).toContain('data-mine="true"');
    // The requester has read up to message 3: the provider's text shows "read", the photo after it does not.
    expect(html.match(/>읽음</g)).toHaveLength(1);
    expect(html).toContain('src="/uploads/post/x.webp"');
    expect(html).toContain("전화번호나 계좌번호가 보이네요");
    expect(html).toContain("만남 관리");
    expect(html).toContain('name="at"');
    expect(html).toContain('name="placeName"');
    expect(html).toContain('value="reserve"');
    expect(html).toContain('value="cancel"');
    expect(html).not.toContain('value="end"');
    expect(html).not.toContain('value="reportNoShow"');
    expect(html).toContain("이전 메시지 보기");
    expect(html).toContain("&amp;before=1");
    // The composer works as a plain form: its own message id, the text, a photo.
    expect(html).toContain('value="server-made-client-id"');
    expect(html).toContain('name="image"');
    expect(html).toContain('encType="multipart/form-data"');
  });

  it("gives the requester only the cancel, and an administrator only the reading", () => {
    const asRequester = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ role: "requester", actions: ["cancel"], otherReadUpTo: 5 }, requester.id),
    );
    expect(asRequester).not.toContain('name="at"');
    expect(asRequester).not.toContain('name="placeName"');
    expect(asRequester).toContain('value="cancel"');
    expect(asRequester).toContain('name="reason"');
    expect(asRequester).toContain('name="text"');

    const asAdmin = render(
      `/en/meeting/repair/chat?room=${room.code}`,
      roomData({ role: "admin", actions: ["cancel", "end"], canWrite: false, otherReadUpTo: 0 }, "admin"),
    );
    expect(asAdmin).toContain("Administrators can only read this chat.");
    expect(asAdmin).not.toContain('name="text"');
    expect(asAdmin).not.toContain("Manage meeting");
    expect(asAdmin).not.toContain('value="report"');
  });

  it("gives the requester of a reserved meeting the no-show report, waking 15 minutes after the appointment", () => {
    const waiting = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData(
        {
          role: "requester",
          status: "reserved",
          actions: ["cancel"],
          appointmentAt: "2026-03-02T01:50:00.000Z",
        },
        requester.id,
      ),
    );
    expect(waiting).not.toContain('name="at"');
    expect(waiting).toContain('value="reportNoShow"');
    expect(waiting).toContain("약속 시간 15분 뒤");
    expect(waiting).toMatch(/name="content"[^>]*disabled/);
    const open = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData(
        {
          role: "requester",
          status: "reserved",
          actions: ["cancel", "reportNoShow"],
          appointmentAt: "2026-02-01T01:00:00.000Z",
        },
        requester.id,
      ),
    );
    expect(open).toContain('value="reportNoShow"');
    expect(open).not.toContain("약속 시간 15분 뒤");
    expect(open).not.toMatch(/name="content"[^>]*disabled/);
  });

  it("keeps an ended meeting's chat readable only, with the no-show form waiting for its time", () => {
    const ended = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ status: "ended", canWrite: false, actions: [] }),
    );
    expect(ended).toContain("종료된 만남의 대화는 읽기만 할 수 있습니다.");
    expect(ended).not.toContain('name="text"');
    const waiting = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ status: "reserved", actions: ["reportNoShow"], appointmentAt: "2026-03-02T01:50:00.000Z" }),
    );
    expect(waiting).toContain("약속 시간 15분 뒤");
    expect(waiting).toMatch(/name="content"[^>]*disabled/);
  });

  it("shows both sides what the rider asked at the top of the room, open for the provider of a new request", () => {
    const asProvider = render(`/meeting/repair/chat?room=${room.code}`, roomData({}));
    expect(asProvider).toContain("초보라이더님의 신청 내용");
    expect(asProvider).toMatch(/<details[^>]* open=""[^>]*>.*초보라이더님의 신청 내용/s);
    for (const text of [
      "기종",
      "혼다 PCX 125",
      "정비 항목",
      "엔진오일 교환",
      "증상",
      "브레이크에서 소리가 납니다",
    ])
      expect(asProvider).toContain(text);
    expect(asProvider).toContain("희망 예약 날짜와 시간");
    const asRequester = render(
      `/en/meeting/repair/chat?room=${room.code}`,
      roomData({ role: "requester", status: "reserved", actions: ["cancel"] }, requester.id),
    );
    expect(asRequester).toContain("초보라이더&#x27;s request");
    expect(asRequester).toContain("혼다 PCX 125 · Oil Change");
    expect(asRequester).toContain("Repair item");
    expect(asRequester).not.toMatch(/<details[^>]* open=""[^>]*>.*s request/s);
  });

  it("puts reporting in each of the other side's messages' menu, not a line under every bubble", () => {
    const html = render(`/meeting/repair/chat?room=${room.code}`, roomData({}, requester.id));
    // The provider's two messages have a menu; the requester's own three do not.
    expect(html.match(/모토정비님의 메시지 메뉴/g)).toHaveLength(2);
    expect(html).not.toMatch(/<summary[^>]*>신고<\/summary>/);
    expect(html).toContain('value="report"');
    const english = render(`/en/meeting/repair/chat?room=${room.code}`, roomData({}, requester.id));
    expect(english.match(/Message menu \(모토정비\)/g)).toHaveLength(2);
  });

  it("picks the meeting place by its address, with no fields of coordinates and no empty map", () => {
    const unplaced = render(`/meeting/repair/chat?room=${room.code}`, roomData({}));
    expect(unplaced).toContain('name="placeAddress"');
    expect(unplaced).toContain("주소 검색에서 고르면 지도에 표시됩니다.");
    expect(unplaced).not.toContain('name="latitude"');
    expect(unplaced).not.toContain("위도");
    expect(unplaced).not.toContain("만남 장소 지도");
    const placed = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({
        place: { name: "모토정비", address: "서울 영등포구", latitude: 37.5264, longitude: 126.8962 },
      }),
    );
    expect(placed).toMatch(/<input type="hidden" name="latitude" value="37.5264"/);
    expect(placed).toContain("지도 위치: 서울 영등포구");
    expect(placed).toContain('aria-label="만남 장소 지도: 서울 영등포구"');
    expect(placed).toContain("장소 모토정비 (서울 영등포구)");
  });

  it("gives the provider the payment request in the plus controller: pickup in 5,000-won steps, repair's free inspection", () => {
    const repair = render(`/meeting/repair/chat?room=${room.code}`, roomData({}));
    expect(repair).toContain('value="requestPayment"');
    expect(repair).toMatch(/<input(?=[^>]*name="amount")(?=[^>]*type="text")/);
    expect(repair).toContain('name="freeInspection"');
    expect(repair).toContain('name="memo"');
    expect(repair).toContain("결제 요청 보내기");
    expect(repair).toContain("결제</span> · 결제 요청 전");
    expect(repair).not.toContain('value="withdrawPayment"');
    const pickup = render(
      `/meeting/pickup/chat?room=${room.code}`,
      roomData({ kind: "pickup", request: [] }),
    );
    expect(pickup).toMatch(/<input(?=[^>]*name="amount")(?=[^>]*type="number")(?=[^>]*step="5000")/);
    expect(pickup).toContain("픽업은 5,000원 단위로 입력해 주세요.");
    expect(pickup).not.toContain('name="freeInspection"');

    const requested = render(
      `/en/meeting/repair/chat?room=${room.code}`,
      roomData({
        payment: {
          ...room.payment,
          status: "requested",
          amount: 30_000,
          memo: "부품값 포함",
          actions: ["editPayment", "withdrawPayment"],
        },
      }),
    );
    expect(requested).toContain('value="editPayment"');
    expect(requested).toMatch(/<input(?=[^>]*name="amount")(?=[^>]*value="30000")/);
    expect(requested).toContain("부품값 포함</textarea>");
    expect(requested).toContain('value="withdrawPayment"');
    expect(requested).toContain("Withdraw payment request");
    expect(requested).toContain("Payment requested: 30,000 won · Note: 부품값 포함");
    expect(requested).not.toContain('value="pay"');
  });

  it("gives the requester the payment panel with the coupons that apply, none chosen, and the last refusal", () => {
    const payment: ChatRoomView["payment"] = {
      ...room.payment,
      status: "requested",
      amount: 30_000,
      actions: ["pay"],
      coupons: [{ memberCouponId: 41, name: "첫 픽업 쿠폰", discount: 5_000, total: 25_000 }],
      lastFailure: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
    };
    const html = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ role: "requester", actions: ["cancel"], payment }, requester.id),
    );
    expect(html).toContain('data-testid="payment-panel"');
    expect(html).toContain("요청 금액");
    expect(html).toContain("30,000원");
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>쿠폰<\/legend>/);
    expect(html).toMatch(/<input(?=[^>]*type="radio")(?=[^>]*value="")(?=[^>]*checked)/);
    expect(html).toContain('value="41"');
    expect(html).toContain("첫 픽업 쿠폰: 5,000원 할인, 25,000원 결제");
    expect(html).toContain("30,000원 결제하기");
    expect(html).toContain(
      "지난 결제가 완료되지 않았습니다: 한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
    );
    expect(html).not.toContain('value="requestPayment"');
    const english = render(
      `/en/meeting/repair/chat?room=${room.code}`,
      roomData(
        { role: "requester", actions: ["cancel"], payment: { ...payment, coupons: [], lastFailure: null } },
        requester.id,
      ),
    );
    expect(english).toContain("Pay 30,000 won");
    const confirming = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData(
        { role: "requester", actions: ["cancel"], payment: { ...payment, actions: [], confirming: true } },
        requester.id,
      ),
    );
    expect(confirming).toContain("결제 요청 30,000원 · 결제 확인 중");
    expect(confirming).not.toContain('data-testid="payment-panel"');
    expect(english).toContain("None of your coupons applies to this payment.");
    expect(english).not.toContain("<fieldset");
  });

  it("shows both sides the paid and refunded payment, and how it was paid to the requester only", () => {
    const paid: ChatRoomView["payment"] = {
      ...room.payment,
      status: "paid",
      amount: 30_000,
      actions: [],
      paid: {
        price: 30_000,
        refunded: 0,
        charge: {
          charged: 25_000,
          discount: 5_000,
          couponName: "첫 픽업 쿠폰",
          receiptUrl: "/pay/local/receipt/lgk_1",
        },
      },
    };
    const asRequester = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ role: "requester", actions: ["cancel"], payment: paid }, requester.id),
    );
    expect(asRequester).toContain(
      "결제 완료 30,000원 · 카드 결제 25,000원 · 쿠폰 할인 5,000원 (첫 픽업 쿠폰)",
    );
    expect(asRequester).toContain('href="/pay/local/receipt/lgk_1"');
    expect(asRequester).not.toContain('data-testid="payment-panel"');
    const asProvider = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData({ payment: { ...paid, paid: { ...paid.paid!, charge: null } } }),
    );
    expect(asProvider).toContain("결제 완료 30,000원");
    expect(asProvider).not.toContain("카드 결제");
    expect(asProvider).not.toContain('value="requestPayment"');
    const refunded = render(
      `/en/meeting/repair/chat?room=${room.code}`,
      roomData({
        status: "cancelled",
        canWrite: false,
        actions: [],
        payment: { ...paid, status: "refunded", paid: { ...paid.paid!, refunded: 25_000, charge: null } },
      }),
    );
    expect(refunded).toContain("Refunded: 25,000 won");
    // After the meeting, while the resolver gives it, the requester is shown the way to ask for a refund.
    const ended = render(
      `/meeting/repair/chat?room=${room.code}`,
      roomData(
        { role: "requester", status: "ended", actions: [], payment: { ...paid, actions: ["requestRefund"] } },
        requester.id,
      ),
    );
    expect(ended).toContain(`href="/my/meeting/${room.id}/refund"`);
    expect(asRequester).not.toContain('/refund"');
  });

  it("tells a member who may not enter, in their language", () => {
    const html = render("/en/meeting/repair/chat?room=x", {
      mode: "refused",
      kind: "repair",
      error: { code: "no_permission", message: "You have no permission to enter this chat room." },
      header: { title: "Chat", backTo: "/meeting/repair/chat" },
    });
    expect(html).toContain("You cannot enter this chat room.");
    expect(html).toContain('data-error-code="no_permission"');
    expect(html).toContain('href="/en/meeting/repair/chat"');
  });
});
