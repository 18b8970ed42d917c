import { createHash } from 'node:crypto';
import { LIBRARIES_CHUNK } from './libraries-chunk';

/**
 * A server-rendered first page (first-visit-html.ts) shows itself without JavaScript, so its scripts need not
 * compete with the HTML, the stylesheet and the images for a slow phone's bandwidth, nor run before the screen is
 * painted (decision 007). The page carries no script or modulepreload tag for the browser to find early: a small
 * inline script starts them once the page has been painted (the frame after the first one), or after a second
 * when no frame comes (a tab opened in the background paints only when shown). A member screen's page needs
 * about 50 modules; each preload link costs the main thread about a millisecond to start (three or four on a slow
 * phone), so they are added a few at a time, for at most 3 ms a task, not all in one task that would block the
 * phone for a fifth of a second. (A fixed 4 a task made tasks of 15–25 ms on a slower machine: 60–100 ms in
 * Lighthouse's simulation of a slow phone, which multiplies each task by four.)
 *
 * A screen whose largest paint is a photo (a match's, marked fetchpriority=high) starts them only once that photo has
 * been painted too: the photo is a few KiB and the scripts about 200, and on a phone's link they would share the
 * bandwidth. (Lighthouse's simulation of a slow phone also counts every script that arrived before the photo's paint
 * as needed for it: /match's largest paint went from 0.8 s to 1.6–2.2 s whenever the scripts beat the photo.) The
 * second's limit holds for it too: a photo that is slow to come does not keep the app from starting.
 *
 * The libraries' chunk (LIBRARIES_CHUNK: React, ReactDOM and the rest, which web/lib/start-libraries.ts starts
 * there) runs first, as a script of its own, and the app's entry a task after it has: the browser links and runs
 * each module graph in one task, and the two together made the longest task of a member screen's first visit
 * (20–30 ms on a laptop, 85–115 ms on Lighthouse's simulated phone). Split, each is about half.
 *
 * A form sent before the app has taken the page over is held (the send stopped, the form kept in
 * `window.sangaHeldSubmit`) and sent again by the app once it has (web/lib/app-ready.ts, which sets `data-app` on
 * <html>): a quick visitor's sign-in neither goes to the server as a plain form nor loses what was typed.
 *
 * The list of scripts goes in a JSON block (not executed, so the Content-Security-Policy need not allow it); the
 * inline script's text never changes, so the policy allows exactly it by its hash (SCRIPTS_AFTER_FIRST_PAINT_HASH).
 */
const BOOT_SCRIPT =
  "(function(){document.addEventListener('submit',function(event){if(document.documentElement.hasAttribute('data-app'))return;event.preventDefault();window.sangaHeldSubmit={form:event.target,submitter:event.submitter||null}},true);var started=false;function start(){if(started)return;started=true;var list=JSON.parse(document.getElementById('sanga-scripts').textContent);var preload=list.preload.slice();function more(){var began=performance.now();do{var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=preload.shift();document.head.appendChild(link)}while(preload.length&&performance.now()-began<3);if(preload.length)setTimeout(more,0)}more();function run(src,then){var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=src;if(then)script.onload=script.onerror=function(){setTimeout(then,0)};document.head.appendChild(script)}function app(){run(list.entry)}if(list.libraries)run(list.libraries,app);else app()}function afterPaint(then){requestAnimationFrame(function(){setTimeout(then,0)})}afterPaint(function(){var photo=document.querySelector('img[fetchpriority=high]');if(!photo)return start();if(photo.complete)return afterPaint(start);photo.addEventListener('load',function(){afterPaint(start)});photo.addEventListener('error',start)});setTimeout(start,1000)})();";

/** The Content-Security-Policy source that allows the inline script and nothing else inline. */
export const SCRIPTS_AFTER_FIRST_PAINT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** `page` (a built index.html) with its entry script and module preloads started after the first paint. */
export function withScriptsAfterFirstPaint(page: string): string {
  const entries = [...page.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
  // A page without exactly one entry script is not one this build made: left as it is.
  if (entries.length !== 1) return page;
  const preload = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const libraries = preload.find((file) => file.startsWith(`/assets/${LIBRARIES_CHUNK}-`));
  const list = jsonScriptElement('sanga-scripts', JSON.stringify({ entry: entries[0], ...(libraries ? { libraries } : {}), preload }));
  return page
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${list}<script>${BOOT_SCRIPT}</script></body>`);
}

/** JSON the page carries for its scripts to read (never run): "<" escaped, so no value can close the element. */
export function jsonScriptElement(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replaceAll('<', '\\u003c')}</script>`;
}
