import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Download, Page } from "@playwright/test";
import { totp } from "../setup/totp";
import { E2E_PORT } from "../../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { copyDataTemplate } from "./support/data-template";
import { seededMeeting, signedInMember } from "./support/seed";
import { freePort, startServerProcess } from "./support/server-process";

/**
 * An expert's money from a paid meeting to their bank account and the tax filing, on a server of its own (the clock
 * moves 8 days for everyone on it, and its database, log and answers are searched afterwards): the earnings pending,
 * then withdrawable; a withdrawal password; five wrong tries lock it and an administrator unlocks it; the account with
 * the resident number; the withdrawal with the bank fee, the tax and the deposit shown; the bulk-transfer export and
 * the payout marked paid; the tax tab and the month's withholding file. Then: no resident or account number in plain
 * text anywhere but the two files made to carry them.
 */

const RESIDENT = { typed: "900101-1234567", digits: "9001011234567" };
const ACCOUNT = { typed: "110-123-456789", digits: "110123456789" };
const plainNumbers = [RESIDENT.typed, RESIDENT.digits, ACCOUNT.typed, ACCOUNT.digits];

interface JourneyServer {
  baseURL: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/** The production server on a copy of the run's data template, as support/own-server.ts starts one. */
async function startJourneyServer(dir: string): Promise<JourneyServer> {
  const port = await freePort();
  const dataDir = path.join(dir, "data");
  copyDataTemplate(E2E_PORT, dataDir);
  const server = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    OUTBOX_PAGE: "true",
    TEST_CLOCK: "true",
    TRUSTED_PROXIES: "127.0.0.1",
  });
  await expect
    .poll(() => server.output(), { timeout: 90_000, message: "the server starts" })
    .toContain("motomate listening");
  return {
    baseURL: `http://localhost:${port}`,
    dataDir,
    output: () => server.output(),
    async stop() {
      if (server.child.exitCode === null && !server.child.killed) server.child.kill("SIGTERM");
      await server.exited;
    },
  };
}

const journey = test.extend<{ journeyDir: string; journeyServer: JourneyServer }>({
  // eslint-disable-next-line no-empty-pattern
  journeyDir: async ({}, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-e2e-settlement-"));
    await use(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  },
  journeyServer: async ({ journeyDir }, use) => {
    const server = await startJourneyServer(journeyDir);
    await use(server);
    await server.stop();
  },
  baseURL: async ({ journeyServer }, use) => use(journeyServer.baseURL),
});

/** Every answer's body a context receives, kept for the search at the end. */
function recordAnswers(context: BrowserContext, bodies: Promise<string>[]) {
  context.on("response", (response) => {
    bodies.push(
      response.body().then(
        (body) => `${response.url()}\n${body.toString("utf8")}`,
        () => "",
      ),
    );
  });
}

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(
  browser: Browser,
  address: string,
  role: "member" | "admin",
  label: string,
  bodies: Promise<string>[],
) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  recordAnswers(context, bodies);
  const page = await context.newPage();
  const member = await signedInMember(page, { role, nickname: uniqueNickname(label) });
  return { page, member };
}

async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get("/test/clock");
  expect(response.ok()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

async function downloaded(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, "utf8");
}

/** Every file under `dir`, as bytes. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

async function enterPassword(page: Page, password: string) {
  await page.getByLabel("출금 비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "확인" }).click();
}

journey(
  "an expert's earnings go pending, withdrawable after 8 days, out through a locked and unlocked withdrawal password, to the bank and the tax file, and no personal number leaks",
  async ({ page, browser, context, request, visit, journeyServer }) => {
    test.slow();
    const bodies: Promise<string>[] = [];
    recordAnswers(context, bodies);
    const expert = await signedInMember(page, { nickname: uniqueNickname("expert") });
    const rider = await memberPage(browser, "192.0.2.71", "member", "rider", bodies);
    await seededMeeting(page.request, {
      requesterId: rider.member.id,
      providerId: expert.id,
      kind: "pickup",
      paidAndEnded: 30_000,
    });

    // 1. The meeting's earnings are pending: 30,000원 less the 10% fee.
    await visit("/settlement");
    await expect(page.getByRole("heading", { level: 1, name: "정산 관리" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 2, name: "정산 예정" })).toBeVisible();
    await expect(main).toContainText("27,000원");
    await expect(page.getByText("출금 가능한 수익이 없습니다.")).toBeVisible();

    // 2. Eight days after the end the release job has run: withdrawable.
    const now = await serverNow(request);
    const moved = await request.post("/test/clock", {
      data: { at: new Date(now.getTime() + 8 * 24 * 60 * 60_000 + 60_000).toISOString() },
    });
    expect(moved.status()).toBe(200);
    await visit("/settlement");
    await expect(page.getByRole("checkbox", { name: /수익 27,000원$/ })).toBeChecked();
    await expect(page.getByRole("heading", { level: 2, name: "정산 예정" })).toHaveCount(0);
    await expect(page.getByText("출금하려면 먼저 정산 정보(출금 계좌)를 등록해 주세요.")).toBeVisible();

    // 3. A withdrawal password, entered twice.
    await visit("/setting");
    await page.getByRole("link", { name: "출금 비밀번호" }).click();
    await expect(page).toHaveURL(/\/setting\/security$/);
    await page.getByLabel("새 출금 비밀번호", { exact: true }).fill("135790");
    await page.getByLabel("새 출금 비밀번호 확인").fill("135791");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByText("두 비밀번호가 같지 않아요.")).toBeVisible();
    await page.getByLabel("새 출금 비밀번호", { exact: true }).fill("135790");
    await page.getByLabel("새 출금 비밀번호 확인").fill("135790");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByText("출금 비밀번호를 저장했어요.")).toBeVisible();
    await expectAccessible(page);

    // 4. The account: the password first, then the form; a refusal keeps the name but never echoes the numbers.
    await visit("/settlement/account");
    await page.getByRole("link", { name: "출금 비밀번호 확인" }).click();
    await expect(page).toHaveURL(/\/settlement\/securityCheck\?redirectTo=/);
    await enterPassword(page, "135790");
    await expect(page).toHaveURL(/\/settlement\/account$/);
    await page.getByLabel("은행").selectOption("088");
    await page.getByLabel("예금주").fill("Kim Rider");
    await page.getByRole("textbox", { name: "계좌번호" }).fill(ACCOUNT.typed);
    await page.getByRole("textbox", { name: "주민등록번호" }).fill(RESIDENT.typed);
    await page.getByRole("checkbox", { name: /주민등록번호 수집·이용에 동의합니다/ }).check();
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByText("예금주는 한글로 입력하세요.")).toBeVisible();
    // Refused in the page before anything was sent: what was typed stays to be corrected.
    await expect(page.getByLabel("예금주")).toHaveValue("Kim Rider");
    await expect(page.getByRole("textbox", { name: "계좌번호" })).toHaveValue(ACCOUNT.typed);
    await page.getByLabel("예금주").fill("김라이더");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByText("출금 계좌를 저장했어요.")).toBeVisible();
    await expect(page.getByText("********6789").first()).toBeVisible();
    await expect(page.getByText("900101-1******").first()).toBeVisible();
    await expectAccessible(page);

    // 5. Five wrong tries: the count each time, then locked.
    await visit("/settlement/securityCheck?redirectTo=%2Fsettlement");
    for (let tries = 1; tries < 5; tries++) {
      await enterPassword(page, "000000");
      await expect(page.getByText(`보안 비밀번호가 일치하지 않아요. (${tries}/5)`)).toBeVisible();
    }
    await enterPassword(page, "000000");
    await expect(
      page.getByRole("alert").filter({ hasText: "관리자에게 문의해 주세요." }).first(),
    ).toBeVisible();
    // Locked: the page asks for no password any more, and a withdrawal is sent back to it.
    await visit("/settlement/securityCheck?redirectTo=%2Fsettlement");
    await expect(page.getByRole("alert")).toHaveText("출금 비밀번호가 잠겼어요. 관리자에게 문의해 주세요.");
    await expect(page.getByLabel("출금 비밀번호", { exact: true })).toHaveCount(0);

    // 6. An administrator steps up and unlocks it; the expert sets a new one.
    const admin = await memberPage(browser, "192.0.2.72", "admin", "admin", bodies);
    await admin.page.goto("/admin/settlement");
    await expect(admin.page).toHaveURL(/\/admin\/step-up\?redirectTo=%2Fadmin%2Fsettlement$/);
    await admin.page
      .getByLabel("인증 앱의 6자리 코드")
      .fill(totp(admin.member.totpSecret!, Date.now() + 30_000));
    await admin.page.getByRole("button", { name: "확인" }).click();
    await expect(admin.page).toHaveURL(/\/admin\/settlement$/);
    const locked = admin.page
      .getByRole("listitem")
      .filter({ hasText: expert.nickname })
      .filter({
        has: admin.page.getByRole("button", { name: "잠금 해제" }),
      });
    await expect(locked).toContainText("잠김");
    await expectAccessible(admin.page);
    await locked.getByRole("button", { name: "잠금 해제" }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "잠금 해제" }).click();
    await expect(admin.page.getByText("잠금을 해제했어요.")).toBeVisible();

    await visit("/setting/security");
    await page.getByLabel("새 출금 비밀번호", { exact: true }).fill("246802");
    await page.getByLabel("새 출금 비밀번호 확인").fill("246802");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByText("출금 비밀번호를 저장했어요.")).toBeVisible();

    // 7. The withdrawal: every amount shown before the confirmation, the password asked, then requested.
    await visit("/settlement");
    await page.getByRole("button", { name: "출금 금액 확인" }).click();
    const quote = page.getByRole("region", { name: "출금 확인" });
    await expect(quote).toContainText("27,000원");
    await expect(quote).toContainText("3,000원");
    await expect(quote).toContainText("500원");
    await expect(quote).toContainText("810원");
    await expect(quote).toContainText("80원");
    await expect(quote).toContainText("25,610원");
    await expectAccessible(page);
    await page.getByRole("button", { name: "25,610원 출금 신청" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "25,610원 출금 신청" }).click();
    await expect(page).toHaveURL(/\/settlement\/securityCheck\?redirectTo=/);
    await enterPassword(page, "246802");
    await expect(quote).toContainText("25,610원");
    await page.getByRole("button", { name: "25,610원 출금 신청" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "25,610원 출금 신청" }).click();
    await expect(page.getByText("출금을 신청했습니다.")).toBeVisible();
    const history = page.getByTestId("withdrawal");
    await expect(history).toContainText("신청됨");
    await expect(history).toContainText("입금액 25,610원");

    // 8. The administrator exports the bank's transfer file and marks the transfer paid.
    await admin.page.goto("/admin/withdrawals?state=requested");
    const requested = admin.page.getByTestId("withdrawal-row").filter({ hasText: expert.nickname });
    await expect(requested).toContainText("신청됨");
    await expect(requested).toContainText("********6789");
    await expectAccessible(admin.page);
    await admin.page.getByRole("button", { name: "신청된 출금 이체 파일 내보내기" }).click();
    const [transfers] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page
        .getByRole("alertdialog")
        .getByRole("button", { name: "신청된 출금 이체 파일 내보내기" })
        .click(),
    ]);
    const transferFile = await downloaded(transfers);
    expect(transferFile).toContain(ACCOUNT.digits);
    expect(transferFile).toContain("25610");
    await admin.page.goto("/admin/withdrawals?state=processing");
    const processing = admin.page.getByTestId("withdrawal-row").filter({ hasText: expert.nickname });
    await expect(processing).toContainText("처리 중");
    await processing.getByRole("button", { name: "입금 완료 처리" }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "입금 완료 처리" }).click();
    await expect(admin.page.getByText("처리했습니다.")).toBeVisible();

    // 9. The expert's history and tax tab show it; the month's withholding file has the resident number.
    await visit("/settlement");
    await expect(history).toContainText("입금 완료");
    await page.getByRole("link", { name: "세금 관리" }).click();
    const taxTable = page.getByRole("table");
    await expect(taxTable).toContainText("27,000원");
    await expect(taxTable).toContainText("810원");
    await expect(taxTable).toContainText("80원");
    await expect(taxTable).toContainText("25,610원");
    await expectAccessible(page);

    await admin.page.goto("/admin/withdrawals");
    const [taxExport] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page
        .locator("form")
        .filter({ has: admin.page.getByLabel("원천징수 자료 (CSV)") })
        .getByRole("button", { name: "내려받기" })
        .click(),
    ]);
    const taxFile = await downloaded(taxExport);
    expect(taxFile).toContain(RESIDENT.digits);
    expect(taxFile).toContain("27000");
    expect(taxFile).toContain("810");

    // 10. Nowhere else a resident or account number in plain text: not in any answer (pages, data, scripts), not in
    // the server's log, not in any file of its database.
    await visit("/en/settlement");
    await expect(page.getByRole("heading", { level: 1, name: "Settlement" })).toBeVisible();
    const answers = (await Promise.all(bodies)).filter(
      (body) => !/\/admin\/withdrawals\/(?:export|tax)\.csv/.test(body.split("\n", 1)[0]!),
    );
    expect(answers.length).toBeGreaterThan(30);
    for (const number of plainNumbers)
      expect(
        answers.filter((body) => body.includes(number)).map((body) => body.split("\n", 1)[0]),
        `answers carrying ${number}`,
      ).toEqual([]);
    const log = journeyServer.output();
    expect(log).toContain("motomate listening");
    for (const number of plainNumbers) expect(log.includes(number), `the log carrying ${number}`).toBe(false);
    await journeyServer.stop();
    const files = filesUnder(journeyServer.dataDir);
    expect(files.length).toBeGreaterThan(10);
    const carrying = files.filter((file) => {
      const bytes = fs.readFileSync(file);
      return plainNumbers.some((number) => bytes.includes(Buffer.from(number, "utf8")));
    });
    expect(carrying, "database files carrying a plain number").toEqual([]);
  },
);
