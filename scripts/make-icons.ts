/**
 * Makes the app's PNG icons (the web app manifest's 192 and 512 px, a maskable 512 px, and the 180 px Apple touch
 * icon) from the logo, src/web/public/favicon.svg, with sharp. The PNGs are committed; run this after changing the
 * logo: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve('src/web/public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const flame = /<path [^>]*\/>/.exec(logo)?.[0];
if (!flame) throw new Error('favicon.svg has no <path>: update make-icons.ts');

// A maskable icon is cropped by the launcher to a circle or a squircle that may cut everything outside the middle
// 80%: the whole square is the logo's colour, and the flame sits well inside that safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#b45309"/><g transform="translate(32 33) scale(0.8) translate(-32 -32)">${flame}</g></svg>`;

async function png(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
  console.log(`icons/${file}`);
}

await png(logo, 32, 'favicon-32.png');
await png(logo, 192, 'icon-192.png');
await png(logo, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
await png(maskable, 180, 'apple-touch-icon.png');
