import type { APIRequestContext, Browser, Page, Request as PlaywrightRequest } from "@playwright/test";
import { toSeoulInput } from "../../app/platform/seoul-calendar";
import { phoneJpeg } from "../../app/services/uploads/test-images";
import { expect, expectAccessible, test } from "./fixtures";
import { newAdmin, uniqueNickname } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { seededMeeting, signedInMember } from "./support/seed";

const MINUTE = 60_000;
/** The centre of 서울 영등포구, where seeded members live (their main area). */
const YEONGDEUNGPO = { latitude: 37.526618, longitude: 126.919666 };

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(
  browser: Browser,
  address: string,
  label: string,
  memberType: "individual" | "business" = "individual",
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  const member = await signedInMember(page, { nickname, memberType });
  return { page, nickname, id: member.id };
}

/** A phone's screen, where the room's controls and the request must not crowd the conversation. */
const PHONE = { width: 390, height: 844 };

async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get("/test/clock");
  expect(response.ok()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Moves the server's clock; the answer comes once the jobs that became due have run. */
async function moveClock(request: APIRequestContext, at: Date) {
  const moved = await request.post("/test/clock", { data: { at: at.toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/**
 * Keeps a page's realtime link from connecting until the answer's release is called: what happens meanwhile reaches
 * the page only through what it asks for once the link is up.
 */
async function holdRealtimeLink(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/socket\.io\//, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The Seoul calendar day of a moment, as YYYY-MM-DD. */
function seoulDay(at: Date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(at);
}

/** Adds a skill of a kind on /my/skill with the form's defaults and the first code offered. */
async function addSkill(page: Page, kindLabel: string, codesLabel: string) {
  await page.goto("/my/skill");
  await page.getByText(`${kindLabel} 재능 등록`, { exact: true }).click();
  const form = page.getByRole("form", { name: `${kindLabel} 재능 등록` });
  await form.getByRole("group", { name: codesLabel }).getByRole("checkbox").first().check();
  await form.getByRole("button", { name: "재능 등록" }).click();
  await expect(page.getByRole("status").filter({ hasText: "재능을 등록했습니다." })).toBeVisible();
}

const messages = (page: Page) => page.getByRole("list", { name: "대화 내용" });

/** Sends a chat message (and a photo) from the composer. */
async function send(page: Page, text: string, photo?: { name: string; mimeType: string; buffer: Buffer }) {
  const composer = page.getByRole("form", { name: "메시지" });
  if (photo) await composer.getByLabel("사진 보내기").setInputFiles(photo);
  await composer.getByRole("textbox", { name: "메시지" }).fill(text);
  await composer.getByRole("button", { name: "보내기", exact: true }).click();
}

/** The meeting's controls: the composer's plus button opens them in a sheet. */
async function controls(page: Page) {
  const sheet = page.getByRole("dialog", { name: "만남 관리" });
  if (!(await sheet.isVisible())) await page.getByRole("button", { name: "만남 관리" }).click();
  await expect(sheet).toBeVisible();
  return sheet;
}

async function confirmIn(page: Page, action: string) {
  await page.getByRole("alertdialog").getByRole("button", { name: action }).click();
}

/** Fills the repair request form of the skill the page shows and sends it. */
async function requestRepair(page: Page, symptom: string) {
  await page.getByLabel("기종").fill("혼다 PCX 125");
  await page.getByLabel("정비 항목").selectOption({ index: 1 });
  await page.getByLabel("증상").fill(symptom);
  await page.getByRole("button", { name: "만남 신청하기" }).click();
}

/** Exactly `length` characters of feedback. */
function feedbackText(length: number) {
  const sentence = "오일 교환을 꼼꼼하게 해 주시고 체인 장력까지 봐 주셔서 주행이 훨씬 부드러워졌습니다. ";
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

// Reminders, the close and the no-show need the server's clock to move, which moves it for everyone: a server of its own.
ownServerTest(
  "a rider finds a repair shop on the map, chats, meets at the arranged time and both leave feedback; a no-show is banned",
  async ({ page, browser, request, visit }) => {
    test.setTimeout(360_000);
    const rider = await signedInMember(page, { nickname: uniqueNickname("rider") });
    // Outside the range the fixtures give each test's own page: members who signed up from one network are not
    // rewarded for feedback on each other.
    const shop = await memberPage(browser, "192.0.2.21", "shop", "business");
    const absent = await memberPage(browser, "198.51.100.222", "absent");

    // The business member offers shop repair (the form's default level for a business) around their main area.
    await addSkill(shop.page, "정비", "가능한 정비");
    await expect(shop.page.getByText("업체(전문 정비)").first()).toBeVisible();

    // 1. The rider finds the shop near them on the map and opens its request form from the marker.
    await visit("/meeting/repair/search?view=map");
    await expect(page.getByText("내 주 활동 지역 주변")).toBeVisible();
    const map = page.getByRole("region", { name: "전문가 지도" });
    await map.getByRole("button", { name: shop.nickname }).click();
    await map.getByRole("link", { name: "만남 요청" }).click();
    await expect(page).toHaveURL(/\/meeting\/repair\/request\?skill=\d+$/);
    const requestPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(page.getByText(shop.nickname).first()).toBeVisible();

    // 2. The request opens the meeting's chat.
    await requestRepair(page, "시동이 늦게 걸리고 오일 경고등이 켜집니다.");
    await expect(page).toHaveURL(/\/meeting\/repair\/chat\?room=/);
    const roomPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(messages(page)).toContainText(`${rider.nickname}님이 만남을 신청했습니다.`);

    // The provider opens the room; messages go both ways live, a photo too, and each side sees the other read it.
    await shop.page.goto(roomPath);
    await expect(shop.page.getByRole("heading", { name: `${rider.nickname}님과의 대화` })).toBeVisible();
    await send(page, "안녕하세요, 이번 주에 점검 가능할까요?");
    const riderLine = messages(shop.page)
      .getByRole("listitem")
      .filter({ hasText: "이번 주에 점검 가능할까요?" });
    await expect(riderLine).toBeVisible();
    await expect(
      messages(page).getByRole("listitem").filter({ hasText: "이번 주에 점검 가능할까요?" }),
    ).toContainText("읽음");
    await send(shop.page, "네, 가능합니다. 약속을 잡아 드릴게요.");
    await expect(messages(page)).toContainText("네, 가능합니다. 약속을 잡아 드릴게요.");
    await expect(
      messages(shop.page).getByRole("listitem").filter({ hasText: "약속을 잡아 드릴게요." }),
    ).toContainText("읽음");
    await send(page, "경고등 사진입니다", {
      name: "dash.jpg",
      mimeType: "image/jpeg",
      buffer: await phoneJpeg(),
    });
    const photo = messages(shop.page)
      .getByRole("listitem")
      .filter({ has: shop.page.getByRole("img", { name: `${rider.nickname}님이 보낸 사진` }) });
    await expect(photo).toContainText("경고등 사진입니다");
    await expectAccessible(shop.page);

    // A member of neither side is refused the room.
    await absent.page.goto(roomPath);
    await expect(absent.page.getByText("채팅방에 입장할 권한이 없습니다.")).toBeVisible();
    await expect(absent.page.getByRole("form", { name: "메시지" })).toHaveCount(0);

    // The other member asks the same shop for a meeting of their own.
    await absent.page.goto(requestPath);
    await requestRepair(absent.page, "브레이크 패드 교체가 필요합니다.");
    await expect(absent.page).toHaveURL(/\/meeting\/repair\/chat\?room=/);
    const absentRoomPath = new URL(absent.page.url()).pathname + new URL(absent.page.url()).search;

    // 3. The provider sets the appointment (two hours ahead, on a whole minute) and the place, and confirms.
    const now = await serverNow(request);
    const appointment = new Date((Math.floor(now.getTime() / MINUTE) + 120) * MINUTE);
    const panel = await controls(shop.page);
    // The provider's page reloads its data once for its own change, though the change's system line also reaches
    // it: the page's loads, not the read-backs of missed or earlier messages.
    const pageLoads: string[] = [];
    const countPageLoad = (sent: PlaywrightRequest) => {
      const url = new URL(sent.url());
      if (sent.method() !== "GET" || !url.pathname.endsWith("/chat.data")) return;
      if (url.searchParams.has("after") || url.searchParams.has("before")) return;
      if (!(url.searchParams.get("_routes") ?? "meeting-chat").includes("meeting-chat")) return;
      pageLoads.push(url.search);
    };
    shop.page.on("request", countPageLoad);
    await panel.getByRole("textbox", { name: "약속 날짜와 시간" }).fill(toSeoulInput(appointment));
    await panel.getByRole("button", { name: "약속 저장" }).click();
    await expect(shop.page.getByRole("status").filter({ hasText: "약속을 저장했습니다." })).toBeVisible();
    await expect(messages(shop.page)).toContainText(/약속이 .+\(으\)로 정해졌습니다\./);
    await expect(messages(page)).toContainText(/약속이 .+\(으\)로 정해졌습니다\./);
    await shop.page.waitForLoadState("networkidle");
    shop.page.off("request", countPageLoad);
    expect(pageLoads).toHaveLength(1);
    await (await controls(shop.page)).getByLabel("장소 이름").fill("모토메이트 정비센터");
    await panel.getByRole("searchbox", { name: "주소 검색" }).fill("영등포");
    await panel.getByRole("button", { name: "검색", exact: true }).click();
    await panel
      .getByRole("button", { name: /영등포구/ })
      .first()
      .click();
    await expect(panel.getByLabel("주소", { exact: true })).toHaveValue(/영등포구/);
    await panel.getByRole("button", { name: "장소 저장" }).click();
    await expect(
      shop.page.getByRole("status").filter({ hasText: "만남 장소를 저장했습니다." }),
    ).toBeVisible();
    await (await controls(shop.page)).getByRole("button", { name: "예약 확정" }).click();
    await confirmIn(shop.page, "예약 확정");
    await expect(shop.page.getByRole("status").filter({ hasText: "예약을 확정했습니다." })).toBeVisible();
    await expect(messages(page)).toContainText("예약이 확정되었습니다.");
    await expect(messages(page)).toContainText("만남 장소가 정해졌습니다: 모토메이트 정비센터");

    // The other member's meeting is confirmed for the same time.
    await shop.page.goto(absentRoomPath);
    const otherPanel = await controls(shop.page);
    await otherPanel.getByRole("textbox", { name: "약속 날짜와 시간" }).fill(toSeoulInput(appointment));
    await otherPanel.getByRole("button", { name: "약속 저장" }).click();
    await expect(shop.page.getByRole("status").filter({ hasText: "약속을 저장했습니다." })).toBeVisible();
    await (await controls(shop.page)).getByRole("button", { name: "예약 확정" }).click();
    await confirmIn(shop.page, "예약 확정");
    await expect(shop.page.getByRole("status").filter({ hasText: "예약을 확정했습니다." })).toBeVisible();

    // 4. An hour and half an hour before, the reminders reach the chat and the alarms.
    await moveClock(request, new Date(appointment.getTime() - 60 * MINUTE + 1000));
    await page.reload();
    await expect(messages(page)).toContainText("약속 1시간 전입니다.");
    await moveClock(request, new Date(appointment.getTime() - 30 * MINUTE + 1000));
    await page.reload();
    await expect(messages(page)).toContainText("약속 30분 전입니다.");
    await visit("/my/alarm");
    await expect(page.getByText(`${shop.nickname}님과의 만남이 60분 뒤에 시작됩니다.`)).toBeVisible();
    await expect(page.getByText(`${shop.nickname}님과의 만남이 30분 뒤에 시작됩니다.`)).toBeVisible();

    // 5. The appointment comes. In the other meeting the no-show report waits for 15 minutes after it, on both sides.
    await moveClock(request, new Date(appointment.getTime() + MINUTE));
    await shop.page.goto(absentRoomPath);
    const waiting = await controls(shop.page);
    await expect(waiting.getByText(/약속 시간 15분 뒤\(.+\)부터 신고할 수 있습니다\./)).toBeVisible();
    await expect(waiting.getByRole("button", { name: "노쇼 신고" })).toBeDisabled();
    await absent.page.goto(absentRoomPath);
    const absentControls = await controls(absent.page);
    await expect(absentControls.getByRole("button", { name: "노쇼 신고" })).toBeDisabled();
    await expect(absentControls.getByRole("heading", { name: "예약 취소" })).toBeVisible();
    await expect(absentControls.getByRole("button", { name: "약속 저장" })).toHaveCount(0);

    // After the repair (the 20 minutes a repair meeting runs at least to earn feedback rewards) the provider
    // closes the meeting; the chat turns read-only.
    await moveClock(request, new Date(appointment.getTime() + 20 * MINUTE));
    await shop.page.goto(roomPath);
    await (await controls(shop.page)).getByRole("button", { name: "만남 종료" }).click();
    await confirmIn(shop.page, "만남 종료");
    await expect(shop.page.getByRole("status").filter({ hasText: "만남을 종료했습니다." })).toBeVisible();
    await page.goto(roomPath);
    await expect(messages(page)).toContainText("만남이 종료되었습니다. 피드백을 남겨 주세요.");
    await expect(page.getByText("종료된 만남의 대화는 읽기만 할 수 있습니다.")).toBeVisible();

    // Both leave feedback: a photo and 200 characters earn 1,000 P, 100 characters 200 P, each once.
    await visit("/my/feedback");
    await page.getByRole("link", { name: "피드백 남기기" }).first().click();
    await expect(page).toHaveURL(/\/meeting\/feedback\?meeting=\d+$/);
    const feedbackPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.getByText("원활했어요", { exact: true }).click();
    await page.getByText("5점", { exact: true }).click();
    await page.getByLabel("피드백 내용").fill(feedbackText(200));
    await page.getByLabel("사진 (선택, 최대 4장)").setInputFiles({
      name: "bike.jpg",
      mimeType: "image/jpeg",
      buffer: await phoneJpeg(),
    });
    await expect(page.getByText("지금 남기면 1,000P를 받습니다.")).toBeVisible();
    await page.getByRole("button", { name: "피드백 남기기" }).click();
    await expect(page.getByText("피드백을 남겨 1,000P를 받았습니다.")).toBeVisible();
    await page.goto(feedbackPath);
    await expect(page.getByText("이 만남에는 이미 피드백을 남겼습니다.")).toBeVisible();
    await expect(page.getByRole("button", { name: "피드백 남기기" })).toHaveCount(0);

    await shop.page.goto(feedbackPath);
    await shop.page.getByText("원활했어요", { exact: true }).click();
    await shop.page.getByText("4점", { exact: true }).click();
    await shop.page.getByLabel("피드백 내용").fill(feedbackText(120));
    await expect(shop.page.getByText("지금 남기면 200P를 받습니다.")).toBeVisible();
    await shop.page.getByRole("button", { name: "피드백 남기기" }).click();
    await expect(shop.page.getByText("피드백을 남겨 200P를 받았습니다.")).toBeVisible();

    await visit("/my/point");
    const riderRewards = page
      .getByRole("list", { name: "포인트 내역" })
      .getByRole("listitem")
      .filter({ hasText: "만남 피드백 보상" });
    await expect(riderRewards).toHaveCount(1);
    await expect(riderRewards).toContainText("+1,000P");
    await shop.page.goto("/my/point");
    const shopRewards = shop.page
      .getByRole("list", { name: "포인트 내역" })
      .getByRole("listitem")
      .filter({ hasText: "만남 피드백 보상" });
    await expect(shopRewards).toHaveCount(1);
    await expect(shopRewards).toContainText("+200P");
    await visit("/my/feedback");
    await expect(page.getByText(/평균 평점 4/)).toBeVisible();

    // 6. The other meeting: 15 minutes after the appointment the no-show report opens.
    await absent.page.goto(absentRoomPath);
    await expect((await controls(absent.page)).getByRole("button", { name: "노쇼 신고" })).toBeEnabled();
    await shop.page.goto(absentRoomPath);
    const open = await controls(shop.page);
    await open.getByLabel("노쇼 내용").fill("약속 시간에 정비센터에 오지 않았고 연락도 받지 않았습니다.");
    await open.getByRole("button", { name: "노쇼 신고" }).click();
    await confirmIn(shop.page, "노쇼 신고");
    await expect(
      shop.page.getByRole("status").filter({ hasText: "노쇼 신고가 접수되었습니다." }),
    ).toBeVisible();

    // An administrator confirms it: the absent member's first ban, 30 days.
    const admin = await newAdmin(browser, "198.51.100.223");
    await admin.goto("/admin/no-show");
    const report = admin
      .getByRole("listitem")
      .filter({ hasText: `불참으로 신고된 회원: ${absent.nickname}님` });
    await expect(report).toContainText("1회차 제재: 30일");
    await report.getByRole("button", { name: "노쇼 확인" }).click();
    await confirmIn(admin, "노쇼 확인");
    await expect(admin.getByRole("status").filter({ hasText: "신고를 처리했습니다." })).toBeVisible();
    const until = seoulDay(new Date((await serverNow(request)).getTime() + 30 * 24 * 60 * MINUTE));
    await admin.context().close();

    // The banned member is told until when, trying to request a meeting.
    await absent.page.goto(requestPath);
    await requestRepair(absent.page, "다른 날 다시 점검받고 싶습니다.");
    await expect(
      absent.page.getByRole("alert").filter({
        hasText: `노쇼로 ${until}까지 재능 만남 이용이 제한되었습니다.`,
      }),
    ).toBeVisible();
    await expect(absent.page).toHaveURL(/\/meeting\/repair\/request\?skill=\d+$/);
    await shop.page.context().close();
    await absent.page.context().close();
  },
);

test("a rescue call reaches the nearby on-call experts and the first to accept takes it", async ({
  page,
  context,
  browser,
  visit,
}) => {
  test.slow();
  const first = await memberPage(browser, "198.51.100.224", "tow");
  const second = await memberPage(browser, "198.51.100.225", "tow");
  for (const expert of [first, second]) await addSkill(expert.page, "긴급 출동(견인)", "가능한 출동");

  const rider = await signedInMember(page, { nickname: uniqueNickname("stuck") });
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(YEONGDEUNGPO);
  await visit("/meeting/rescue/call");
  await expect(page.getByText("현재 위치를 확인하는 중…")).toHaveCount(0);
  await page.getByLabel("상황").fill("타이어 펑크로 여의도 갓길에 멈춰 있어요");
  await page.getByRole("button", { name: "긴급 출동 요청 보내기" }).click();
  await expect(page.getByText(/가까운 전문가 \d+명에게 요청을 보냈습니다\./)).toBeVisible();

  // Both experts see the call; the second's realtime link is still connecting when the call is taken.
  const connectSecond = await holdRealtimeLink(second.page);
  for (const expert of [first, second]) {
    await expert.page.goto("/meeting/rescue/calls");
    await expect(expert.page.getByText(`${rider.nickname}님의 요청`)).toBeVisible();
  }

  // The first acceptance opens the chat; the other expert's acceptance is refused and the call leaves their list.
  await first.page.getByRole("button", { name: "수락하고 채팅 열기" }).click();
  await expect(first.page).toHaveURL(/\/meeting\/rescue\/chat\?room=/);
  await expect(first.page.getByText("요청을 수락했습니다. 채팅에서 위치와 상황을 확인하세요.")).toBeVisible();
  // The other expert's open list drops the call as soon as they are told it was taken, even when that was before
  // their page's link was up.
  connectSecond();
  await expect(second.page.getByText(`${rider.nickname}님의 요청`)).toHaveCount(0);
  await expect(second.page.getByText("지금 기다리는 요청이 없습니다.")).toBeVisible();
  await second.page.goto("/my/alarm");
  await expect(
    second.page.getByText("다른 전문가가 먼저 수락해 긴급 출동 요청이 마감되었습니다."),
  ).toBeVisible();

  // The rider's page turns to the accepted call and its chat.
  await expect(page.getByText(new RegExp(`${first.nickname}님이 수락했습니다\\.`))).toBeVisible();
  await page.getByRole("link", { name: "채팅으로 가기" }).click();
  await expect(page.getByRole("heading", { name: `${first.nickname}님과의 대화` })).toBeVisible();
  await first.page.context().close();
  await second.page.context().close();
});

test("on a phone the provider reads the rider's request in the list and the room, whose controls wait behind the plus button", async ({
  page,
  browser,
  visit,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const rider = await signedInMember(page, { nickname: uniqueNickname("rider") });
  const shop = await memberPage(browser, "198.51.100.231", "shop", "business", PHONE);
  const sides = { requesterId: rider.id, providerId: shop.id };
  const talking = await seededMeeting(page.request, { ...sides, kind: "repair" });
  const reserved = await seededMeeting(page.request, { ...sides, kind: "coaching", reserved: true });

  // The finder's pages are one main landmark, inside the layout's.
  for (const path of ["/meeting/repair", "/meeting/repair/search"]) {
    await shop.page.goto(path);
    await expect(shop.page.getByRole("main")).toHaveCount(1);
  }

  // The provider reads what the rider asked in the received requests, and at the top of the room.
  await shop.page.goto("/my/meeting?tab=repair&side=received");
  const received = shop.page.getByRole("definition").filter({ hasText: "시동이 늦게 걸리고" });
  await expect(received).toHaveCount(1);
  await expect(
    shop.page.getByRole("list", { name: "정비 만남 목록" }).getByText("엔진오일 교환").first(),
  ).toBeVisible();
  await shop.page.goto(talking.chatPath);
  const request = shop.page.getByRole("group").filter({ hasText: `${rider.nickname}님의 신청 내용` });
  await expect(request.getByText("혼다 PCX 125", { exact: true })).toBeVisible();
  await expect(request.getByText("엔진오일 교환", { exact: true })).toBeVisible();
  await expect(request.getByText("시동이 늦게 걸리고 오일 경고등이 켜집니다.")).toBeVisible();

  // The rider's room: the composer sits right under the messages; cancelling and the no-show report wait in the sheet.
  await visit(reserved.chatPath);
  await expect(page.getByText(`${rider.nickname}님의 신청 내용`)).toBeVisible();
  await expect(
    page.getByText("와인딩 코너링 자세를 배우고 싶어요. · 스쿠터 2년, 매뉴얼 6개월"),
  ).toBeVisible();
  const sheet = await controls(page);
  await expect(sheet.getByRole("heading", { name: "예약 취소" })).toBeVisible();
  await expect(sheet.getByRole("button", { name: "노쇼 신고" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByText("예약 취소", { exact: true })).toBeHidden();
  await expect(page.getByText("노쇼 신고", { exact: true })).toBeHidden();
  const composer = page.getByRole("form", { name: "메시지" });
  const log = await page.getByRole("list", { name: "대화 내용" }).locator("xpath=..").boundingBox();
  const composed = await composer.boundingBox();
  expect(Math.abs(composed!.y - (log!.y + log!.height))).toBeLessThanOrEqual(1);

  // A photo with typed words sends both, and the box is cleared of both.
  await page.goto(talking.chatPath);
  await send(page, "엔진 쪽 사진입니다", {
    name: "engine.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await expect(composer.getByRole("textbox", { name: "메시지" })).toHaveValue("");
  await expect(composer.getByText(/선택한 사진/)).toHaveCount(0);
  const photo = messages(shop.page)
    .getByRole("listitem")
    .filter({ has: shop.page.getByRole("img", { name: `${rider.nickname}님이 보낸 사진` }) });
  await expect(photo).toContainText("엔진 쪽 사진입니다");

  // Reporting lives in the message's menu, opened from the keyboard, not under every bubble.
  await expect(messages(shop.page).getByText("신고", { exact: true })).toHaveCount(0);
  const menuButton = photo.getByRole("button", { name: `${rider.nickname}님의 메시지 메뉴` });
  await expect(menuButton).toHaveAttribute("aria-haspopup", "menu");
  await menuButton.focus();
  await shop.page.keyboard.press("Enter");
  await shop.page.getByRole("menuitem", { name: "신고" }).click();
  const report = shop.page.getByRole("dialog", { name: "메시지 신고" });
  await report.getByLabel("신고 사유").fill("앱 밖 거래를 권유합니다.");
  await report.getByRole("button", { name: "신고하기" }).click();
  await expect(shop.page.getByText("신고가 접수되었습니다.")).toBeVisible();
  await expect(report).toBeHidden();

  // The place picker shows the picked place by its address on the map, not fields of coordinates.
  const arranging = await controls(shop.page);
  await expect(arranging.getByRole("textbox", { name: "위도" })).toHaveCount(0);
  await expect(arranging.getByRole("region", { name: /만남 장소 지도/ })).toHaveCount(0);
  await arranging.getByLabel("장소 이름").fill("모토메이트 정비센터");
  await arranging.getByRole("searchbox", { name: "주소 검색" }).fill("영등포");
  await arranging.getByRole("button", { name: "검색", exact: true }).click();
  await arranging
    .getByRole("list", { name: "주소 검색 결과" })
    .getByRole("button", { name: /영등포구/ })
    .first()
    .click();
  await expect(arranging.getByText(/지도 위치: .*영등포구/)).toBeVisible();
  const map = arranging.getByRole("region", { name: /만남 장소 지도: .*영등포구/ });
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
  await expect(map.locator(".location-marker")).toBeVisible();
  await arranging.getByRole("button", { name: "장소 저장" }).click();
  await expect(shop.page.getByRole("status").filter({ hasText: "만남 장소를 저장했습니다." })).toBeVisible();
  await expect(messages(page)).toContainText("만남 장소가 정해졌습니다: 모토메이트 정비센터");
  await shop.page.context().close();
});
