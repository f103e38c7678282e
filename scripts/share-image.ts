import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { SHARE_IMAGE } from "#app/shell/share";

/**
 * `npx tsx scripts/share-image.ts`: draws the product's share preview (public/share.png, 1200×600) in Chromium with
 * the shipped Pretendard font, so the picture can be redrawn when the name or colours change.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const font = fs
  .readFileSync(path.join(root, "node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2"))
  .toString("base64");

const html = `<!doctype html>
<style>
  @font-face { font-family: "Pretendard Variable"; font-weight: 45 920; src: url(data:font/woff2;base64,${font}); }
  body { margin: 0; width: ${SHARE_IMAGE.width}px; height: ${SHARE_IMAGE.height}px; display: flex;
    flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box;
    background: linear-gradient(135deg, #19786f 0%, #0b3d38 100%); color: #fff;
    font-family: "Pretendard Variable"; word-break: keep-all; }
  h1 { margin: 0; font-size: 120px; font-weight: 800; letter-spacing: -2px; }
  p { margin: 0; }
  .latin { font-size: 44px; font-weight: 600; opacity: .85; margin-top: 8px; }
  .tagline { font-size: 40px; font-weight: 500; margin-top: 56px; }
</style>
<h1>모토메이트</h1>
<p class="latin">Moto Mate</p>
<p class="tagline">라이더를 위한 커뮤니티, 중고거래, 재능 만남</p>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height } });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot({ type: "png" });
  const target = path.join(root, "public", SHARE_IMAGE.path);
  await sharp(shot).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(target);
  console.log(`Wrote ${target} (${fs.statSync(target).size} bytes)`);
} finally {
  await browser.close();
}
