import { expect, expectAccessible, test } from "./fixtures";
import { signedInMember } from "./support/seed";

test("notification switches are saved per member and stay after a reload, in Korean and English", async ({
  page,
  visit,
}) => {
  await signedInMember(page);
  await page.goto("/setting");
  await page.getByRole("main").getByRole("link", { name: "알림 설정" }).click();
  await expect(page).toHaveURL(/\/setting\/alarm$/);
  await expectAccessible(page);

  const like = page.getByRole("switch", { name: "좋아요", exact: true });
  await expect(like).toHaveAttribute("aria-checked", "true");
  // Only the types some feature sends today (payments and refunds included); settlements get theirs when they ship.
  const names = await page
    .getByRole("switch")
    .evaluateAll((switches) =>
      switches.map((item) => document.getElementById(item.getAttribute("aria-labelledby")!)!.textContent),
    );
  expect(names).toEqual([
    "댓글",
    "답글",
    "좋아요",
    "공지",
    "이벤트",
    "만남 신청",
    "예약 확정",
    "예약 취소",
    "만남 종료",
    "만남 일정 알림",
    "결제 요청",
    "결제 완료",
    "환불 요청",
    "환불 완료",
    "환불 거절",
    "채팅 메시지",
    "스파크",
    "포인트 선물",
    "보낸 포인트 선물",
    "쿠폰",
    "출금 완료",
    "출금 실패",
    "중고거래 댓글",
    "가격 제안",
    "가격 제안 수락",
    "가격 제안 거절",
    "거래 상태 변경",
    "키워드 알림",
    "거래 후기",
    "모델 제보 반영",
    "모델 제보 반려",
    "만남 신청 만료",
    "만남 피드백",
    "노쇼 신고",
    "노쇼 처리 결과",
    "긴급 출동 요청",
    "긴급 출동 수락",
    "긴급 출동 마감",
    "매물 점검 요청",
    "매물 점검 일정 수락",
    "매물 점검 일정 거절",
    "점검 리포트 제출",
    "점검 리포트 공개",
    "도난 차량 확인",
    "정비 알림",
  ]);
  await like.click();
  await expect(like).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(page.getByRole("switch", { name: "좋아요", exact: true })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(page.getByRole("switch", { name: "댓글", exact: true })).toHaveAttribute(
    "aria-checked",
    "true",
  );

  await visit("/en/setting/alarm");
  await expect(page.getByRole("heading", { name: "Notification settings" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Like", exact: true })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  const comment = page.getByRole("switch", { name: "Comment", exact: true });
  await comment.focus();
  await page.keyboard.press("Enter");
  await expect(comment).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Comment", exact: true })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await page.getByRole("switch", { name: "Like", exact: true }).click();
  await expect(page.getByRole("switch", { name: "Like", exact: true })).toHaveAttribute(
    "aria-checked",
    "true",
  );

  await page.goto("/setting/alarm");
  await expect(page.getByRole("switch", { name: "댓글", exact: true })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(page.getByRole("switch", { name: "좋아요", exact: true })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});

test("the switches work without JavaScript too", async ({ page, browser }) => {
  await signedInMember(page);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": "198.51.100.251" },
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/setting/alarm");
    await plain.getByRole("switch", { name: "이벤트", exact: true }).click();
    await expect(plain.getByRole("switch", { name: "이벤트", exact: true })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await plain.goto("/setting/alarm");
    await expect(plain.getByRole("switch", { name: "이벤트", exact: true })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  } finally {
    await context.close();
  }
});

test("visitors see a sign-in prompt instead of the switches", async ({ page, visit }) => {
  await visit("/setting/alarm");
  await expect(page.getByRole("heading", { name: "알림 설정" })).toBeVisible();
  await expect(page.getByText("로그인하면 알림 종류별로 받을지 정할 수 있습니다.")).toBeVisible();
  await expect(page.getByRole("switch")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsetting%2Falarm$/);
  // /my/alarm is for members only.
  await page.goto("/my/alarm");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy%2Falarm$/);
});

test("a member's header bell opens the notification list, empty at first", async ({ page, visit }) => {
  await signedInMember(page);
  await page.goto("/");
  const bell = page.getByRole("banner").getByRole("link", { name: "알림", exact: true });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("alarm-badge-count")).toHaveCount(0);
  await bell.click();
  await expect(page).toHaveURL(/\/my\/alarm$/);
  await expect(page.getByRole("heading", { name: "알림", exact: true })).toBeVisible();
  await expect(page.getByText("아직 받은 알림이 없습니다.")).toBeVisible();
  await expect(page.getByRole("button", { name: "모두 읽음" })).toBeDisabled();
  await expectAccessible(page);

  await visit("/en/my/alarm");
  await expect(page.getByText("You have no notifications yet.")).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Notifications", exact: true }),
  ).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Notification settings" }).click();
  await expect(page).toHaveURL(/\/en\/setting\/alarm$/);
});
