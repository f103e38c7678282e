import sharp from "sharp";
import { expect, expectAccessible, test } from "./fixtures";
import {
  avatarPhoto,
  finishFirstLogin,
  latestMessage,
  signUpByEmail,
  uniqueEmail,
  uniqueNickname,
  uniquePhone,
} from "./support/auth";

test("an individual member completes the first-login profile; the avatar is stored without GPS; points are granted once", async ({
  page,
}) => {
  await signUpByEmail(page, uniqueEmail("profile"));
  await expect(page).toHaveURL(/\/login\/new$/);
  await expectAccessible(page);

  // An empty save names every problem and keeps what was typed.
  await page.getByLabel("닉네임 *").fill("라이더 !");
  await page.getByRole("button", { name: "프로필 저장" }).click();
  await expect(page.getByText("닉네임 중복 확인을 해 주세요.")).toBeVisible();
  await page.getByRole("button", { name: "중복 확인" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "닉네임은 한글, 영문, 숫자만 쓸 수 있습니다." }),
  ).toBeVisible();
  await page.getByRole("button", { name: "프로필 저장" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("입력 내용을 확인해 주세요.");
  await expect(alert).toContainText("닉네임은 한글, 영문, 숫자만 쓸 수 있습니다.");
  await expect(alert).toContainText("휴대폰 번호를 입력해 주세요.");
  await expect(alert).toContainText("라이딩 경력은 1~60년 사이로 입력해 주세요.");
  await expect(alert).toContainText("프로필 사진을 1장 이상 올려 주세요.");
  await expect(alert).toContainText("주요 활동 지역을 1곳 이상 정해 주세요.");
  await expect(page.getByLabel("닉네임 *")).toHaveValue("라이더 !");

  const nickname = uniqueNickname("프로필");
  await finishFirstLogin(page, nickname);

  // A second visit to the welcome screen grants nothing: finished members are sent home.
  await page.goto("/login/welcome");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/my/point");
  await expect(page.getByTestId("point-balance")).toHaveText("3,000P");
  await expect(page.getByRole("list", { name: "포인트 내역" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("가입 축하", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "사용" }).click();
  await expect(page.getByText("포인트 내역이 없습니다.")).toBeVisible();

  const userId = await page.evaluate(() => localStorage.getItem("motomate.userId"));
  await page.goto(`/profile/${userId}`);
  const avatar = page.getByRole("img", { name: `${nickname} 님의 프로필 사진` });
  const src = await avatar.getAttribute("src");
  expect(src).toMatch(/^\/uploads\/avatar\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
  const stored = await (await page.request.get(src!)).body();
  const metadata = await sharp(stored).metadata();
  expect(metadata.format).toBe("webp");
  expect(metadata.exif).toBeUndefined();
  const original = await sharp((await avatarPhoto()).buffer).metadata();
  expect(original.exif).toBeDefined();
});

test("a business member completes the profile with shop details", async ({ page }) => {
  await signUpByEmail(page, uniqueEmail("shop"));
  const phone = uniquePhone();
  // Phone numbers may be typed with hyphens or spaces.
  await page
    .getByLabel("휴대폰 번호 *", { exact: true })
    .fill(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
  await page.getByRole("button", { name: "인증 코드 받기" }).click();
  await expect(page.getByText("인증 코드를 보냈습니다. 5분 안에 입력해 주세요.")).toBeVisible();
  const code = (await latestMessage(page.request, phone)).match(/\d{6}/)![0];
  await page.getByLabel("인증 코드", { exact: true }).fill(code);
  await page.getByRole("button", { name: "인증하기" }).click();
  await expect(page.getByText(`${phone} 번호가 인증되었습니다.`)).toBeVisible();

  await page.getByLabel("사업자 회원").check();
  const shop = page.getByRole("region", { name: "사업장 정보" });
  await shop.getByLabel("상호 *").fill(`모토정비${Date.now().toString(36)}`);
  await shop.getByLabel("사업자등록번호 *").fill("1248100999");
  await shop.getByLabel("사업장 전화번호 *").fill("02-1234-5678");
  await shop.getByLabel("업종 *").selectOption({ index: 1 });
  await shop.getByLabel("업력 (년) *").fill("7");
  await shop.getByLabel("월").check();
  await shop.getByLabel("토").check();
  await shop.getByLabel("여는 시간 *").selectOption("h0900");
  await shop.getByLabel("닫는 시간 *").selectOption("h1800");
  await shop.getByLabel("대표자 이름 *").fill("김정비");
  await shop.getByLabel("사업자 이메일 *").fill("shop@example.com");
  await shop.getByLabel("정산 연락처 *").fill("010 9876 5432");
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#19786f" } })
    .png()
    .toBuffer();
  await shop
    .getByLabel("사업장 사진")
    .setInputFiles({ name: "shop.png", mimeType: "image/png", buffer: png });

  await page.getByLabel("닉네임 *").fill(uniqueNickname("업체"));
  await page.getByRole("button", { name: "중복 확인" }).click();
  await expect(page.getByText("사용할 수 있는 닉네임입니다.")).toBeVisible();
  await page.getByLabel("한 줄 소개 *").fill("바이크 정비 20년");
  await page.getByLabel("생년월일 *").fill("1980-01-15");
  await page.getByLabel("라이딩 경력 (년) *").fill("20");
  await page.getByLabel("프로필 사진 *").setInputFiles(await avatarPhoto());
  await page.getByRole("group", { name: "관심 장르 *" }).getByRole("checkbox").nth(1).check();
  await page.getByLabel("주소 1").fill("https://www.instagram.com/moto_shop");
  await page.getByLabel("주소 검색").fill("분당");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await page
    .getByRole("button", { name: /분당구/ })
    .first()
    .click();
  await page.getByRole("button", { name: "이 위치 추가" }).click();

  // A number whose check digit is wrong is refused, and everything typed stays.
  await page.getByRole("button", { name: "프로필 저장" }).click();
  await expect(page.getByRole("alert")).toContainText("사용할 수 없는 사업자등록번호입니다.");
  await expect(shop.getByLabel("대표자 이름 *")).toHaveValue("김정비");
  await shop.getByLabel("사업자등록번호 *").fill("1248100998");
  await page.getByLabel("프로필 사진 *").setInputFiles(await avatarPhoto());
  await shop
    .getByLabel("사업장 사진")
    .setInputFiles({ name: "shop.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "프로필 저장" }).click();
  await expect(page).toHaveURL(/\/login\/welcome$/);
  await page.getByRole("button", { name: "포인트 받고 시작하기" }).click();
  await expect(page.getByRole("status")).toHaveText("가입 축하 포인트 3,000P를 드렸습니다.");
});

test("a member edits the profile and adds an activity area on the map", async ({ page }) => {
  await signUpByEmail(page, uniqueEmail("edit"));
  const nickname = uniqueNickname("편집");
  await finishFirstLogin(page, nickname);

  await page.goto("/profile");
  await expect(page.getByTestId("main-location")).toContainText("영등포구");
  await expectAccessible(page);
  await page.getByLabel("한 줄 소개 *").fill("평일 저녁 한강 라이딩");
  await expect(
    page.getByLabel("회원 유형 *").or(page.getByRole("radio", { name: "사업자 회원" })),
  ).toBeDisabled();

  await expect(page.locator(".leaflet-marker-icon")).toBeVisible();
  const mapElement = page.getByRole("application", { name: /위치를 고르는 지도/ });
  await mapElement.scrollIntoViewIfNeeded();
  const map = (await mapElement.boundingBox())!;
  await page.mouse.click(map.x + map.width / 2 + 150, map.y + map.height / 2 - 80);
  await expect(page.getByTestId("location-candidate")).not.toBeEmpty();
  await page.getByRole("button", { name: "이 위치 추가" }).click();
  await expect(page.locator('input[name="locationAddress"]')).toHaveCount(2);

  await page.getByRole("button", { name: "프로필 저장" }).click();
  await expect(page.getByRole("status")).toHaveText("프로필을 저장했습니다.");
  await expect(page.locator('input[name="locationAddress"]')).toHaveCount(2);

  await page.getByRole("link", { name: "다른 회원에게 보이는 프로필 보기" }).click();
  await expect(page.getByText("평일 저녁 한강 라이딩")).toBeVisible();
  await expect(page.locator("dd", { hasText: "영등포구" })).toBeVisible();
  await expect(page.getByRole("region", { name: "주요 활동 지역 영등포구 지도" })).toBeVisible();
  // Other members see the district, never coordinates or the mobile number.
  await expect(page.locator("main")).not.toContainText(/37\.\d{3}|010\d{8}/);
});

test("an area picked on an English page shows in Korean on Korean pages, and one picked in Korean in English", async ({
  page,
}) => {
  test.slow();
  await signUpByEmail(page, uniqueEmail("area"));
  // The first-login form picks 영등포구 on a Korean page.
  await finishFirstLogin(page, uniqueNickname("지역"));
  const userId = await page.evaluate(() => localStorage.getItem("motomate.userId"));
  await page.goto(`/en/profile/${userId}`);
  await expect(page.locator("dd", { hasText: "Yeongdeungpo-gu" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Map of the main riding area, Yeongdeungpo-gu" }),
  ).toBeVisible();

  await page.goto("/en/profile");
  await expect(page.getByTestId("main-location")).toContainText("Yeongdeungpo-gu");
  const areas = page.getByRole("group", { name: /Main riding areas/ });
  await areas.getByRole("button", { name: "Remove" }).click();
  await page.getByLabel("Search an address").fill("Mapo");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: "Mapo-gu, Seoul" }).click();
  await page.getByRole("button", { name: "Add this location" }).click();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Your profile was saved.");

  await page.goto(`/profile/${userId}`);
  await expect(page.locator("dd", { hasText: "마포구" })).toBeVisible();
  await expect(page.getByRole("region", { name: "주요 활동 지역 마포구 지도" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Mapo-gu");
  await page.goto("/profile");
  await expect(page.getByTestId("main-location")).toContainText("마포구");
});

test("'use my current location' reads the device position; without geolocation a rose toast says so", async ({
  page,
  context,
}) => {
  await signUpByEmail(page, uniqueEmail("geo"));
  await finishFirstLogin(page, uniqueNickname("위치"));
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 37.5264, longitude: 126.8962 });
  await page.goto("/profile");
  await page.getByRole("button", { name: "현재 위치 사용" }).click();
  await expect(page.getByTestId("location-candidate")).toHaveText("영등포구");

  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "geolocation", { get: () => undefined, configurable: true });
    delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
  });
  await page.reload();
  await page.getByRole("button", { name: "현재 위치 사용" }).click();
  const toast = page.getByText("이 기기에서는 위치 정보를 사용할 수 없습니다.");
  await expect(toast).toBeVisible();
  // Error toasts close by themselves after 2 seconds.
  await expect(toast).toBeHidden({ timeout: 4_000 });
});
