// npm run bench:web — Lighthouse (mobile, simulated throttling: its defaults) with the system Chromium on the
// public pages of a production build, served by the real server on a fresh embedded database with three approved
// volunteers (so /guidance shows photo cards). Prints scores, LCP, CLS, TBT and the JavaScript transferred, the
// median of --runs runs a page, and writes the `web` section of docs/benchmarks.md.
// Signed in: the same database is then seeded as the README says (`npm run seed -- --profiles 300`),
// the demo member signed in (scripts/bench/web-member.ts), and his six screens measured on a first visit (empty
// cache, Lighthouse's default) and a repeat visit (right after, cache and service worker kept: disableStorageReset);
// that table is the `web:signed-in` section.
// Options: --runs 3 --pages /,/login,/donation-guide,/guidance ('' for none) --no-build --label "after" (the table's heading)
//          --member-pages /browse,/match,/messages,/conversation,/introductions,/profile ('' for none)
//          --visits first,repeat (of the member pages) --profiles 300 --data-dir DIR (an app seeded before: no seeding)
//          --throttling simulate|devtools --no-write (print only); LIGHTHOUSE_DUMP_DIR=dir keeps every report (LIGHTHOUSE_TRACE=1: and its trace). CHROMIUM_PATH picks the browser (default /usr/bin/chromium); BENCH_PORT the port.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { uploads, volunteerApplications } from '#server/db/schema';
import { processPhoto } from '#server/storage/images';
import { LocalDiskStore } from '#server/storage/local-disk-store';
import { storePhotoFiles } from '#server/storage/photo-files';
import { objectPathFromKey, PHOTO_PREFIX } from '#server/features/photos/object-paths';
import { createRng, hashDemoPassword, placeholderPhoto, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase } from './bench-db';
import { machineLine, startServer, writeBenchmarkSection } from './bench-utils';
import { MEMBER_PAGES, memberPaths, seedApp, setBrowserCookies, signInDemo } from './web-member';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/login,/donation-guide,/guidance' },
    build: { type: 'boolean', default: true },
    write: { type: 'boolean', default: true },
    label: { type: 'string', default: 'current build' },
    throttling: { type: 'string', default: 'simulate' },
    'member-pages': { type: 'string', default: MEMBER_PAGES.join(',') },
    visits: { type: 'string', default: 'first,repeat' },
    profiles: { type: 'string', default: '300' },
    'data-dir': { type: 'string' },
  },
  allowNegative: true,
});
const runs = Number(values.runs);
// simulate (Lighthouse's default: a fast local load, then a model of a slow phone) or devtools (the page really loads
// over a throttled connection and CPU); the model counts every request that started before the first paint as
// holding back the largest paint, which a fast local server makes all of them.
const throttling = values.throttling === 'devtools' ? 'devtools' : 'simulate';
const pages = values.pages.split(',').filter(Boolean);
const memberPages = values['member-pages'].split(',').filter(Boolean);
const visits = values.visits.split(',').filter((visit): visit is Visit => visit === 'first' || visit === 'repeat');
type Visit = 'first' | 'repeat';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouseVersion = (JSON.parse(readFileSync(path.resolve('node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** Time to interactive: the app has taken the page over and the main thread is quiet. */
  tti: number;
  /** When the app had taken the page over (its `app-took-over` mark, web/lib/app-ready.ts). */
  appTookOver: number;
  /** Bytes of JavaScript over the network (compressed, as transferred). */
  scriptBytes: number;
  /** Every byte the page transferred. */
  totalBytes: number;
}

/** The median of the runs that gave the figure (Lighthouse now and then fails one run's metric: NaN). */
const median = (numbers: number[]) => {
  const sorted = numbers.filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

if (values.build) {
  const build = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--configLoader', 'runner', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const fresh = values['data-dir'] ? undefined : await openFreshBenchDatabase('embedded', 'sanga_bench_web');
const env = fresh?.env ?? { DATA_DIR: path.resolve(values['data-dir']!), DATABASE_URL: '' };
if (fresh) {
  const { database } = fresh;
  // Three approved volunteers with a photo each: the Guidance cards as a visitor sees them.
  const store = new LocalDiskStore(path.join(env.DATA_DIR!, 'objects'));
  const volunteerIds = await seedProfiles(database.db, { count: 3, rng: createRng(7), realPhotos: false, passwordHash: await hashDemoPassword() });
  for (const [index, userId] of volunteerIds.entries()) {
    const key = `${PHOTO_PREFIX}${randomBytes(18).toString('base64url')}.jpg`;
    await storePhotoFiles(store, key, await processPhoto(await placeholderPhoto('VGS'[index]!, index * 110)));
    await database.db.insert(uploads).values({ userId, objectKey: key, contentType: 'image/jpeg', purpose: 'volunteer', expiresAt: new Date() });
    await database.db.insert(volunteerApplications).values({
      userId,
      name: ['Radha Devi', 'Govinda Das', 'Sita Rani'][index]!,
      email: `volunteer${index}@sanga.local`,
      contribution: 'Marriage counselling for young couples',
      background: 'Twenty years of service in the community, helping families prepare for a life together with care.',
      photo: objectPathFromKey(key),
      minimumDonation: '$20',
      approved: true,
      agreedToRevenueSplit: true,
      agreedAt: new Date(),
      agreementPolicyVersion: 1,
    });
  }
  await database.close();
  // The member screens need the seeded app of the README (300 profiles, the demo member, his introductions);
  // half a minute on a quiet machine.
  if (memberPages.length > 0) {
    const started = Date.now();
    seedApp(env, Number(values.profiles));
    console.log(`seeded ${values.profiles} profiles in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
const server = await startServer(env);

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

/** One Lighthouse run; a repeat visit keeps the cache, storage and service worker the run before left. */
async function measure(page: string, run: number, visit: Visit, attempt = 1): Promise<Run> {
  const result = await lighthouse(`${server.url}${page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    throttlingMethod: throttling,
    disableStorageReset: visit === 'repeat',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  // Now and then Chrome's trace misses the navigation's start (NO_NAVSTART) and the run has no metrics: it is run
  // again (twice at most), so every median is of as many runs as asked for.
  const metricsMissing = result.lhr.runtimeError !== undefined || Number.isNaN(result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
  if (metricsMissing && attempt < 3) {
    console.log(`${page} (${visit}) run ${run + 1}: no metrics (${result.lhr.runtimeError?.code ?? 'NaN'}), run again`);
    return measure(page, run, visit, attempt + 1);
  }
  // LIGHTHOUSE_DUMP_DIR=dir keeps each run's whole report (open it at googlechrome.github.io/lighthouse/viewer).
  if (process.env.LIGHTHOUSE_DUMP_DIR) {
    const name = `${page.replaceAll('/', '_') || '_'}-${visit}-${run}`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_DUMP_DIR, `${name}.json`), JSON.stringify(result.lhr));
    // LIGHTHOUSE_TRACE=1: and the Chrome trace the metrics were computed from (open it in DevTools' Performance panel).
    if (process.env.LIGHTHOUSE_TRACE) writeFileSync(path.join(process.env.LIGHTHOUSE_DUMP_DIR, `${name}.trace`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const failed = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  for (const audit of run === 0 ? failed : []) {
    const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
    console.log(`${page} (${visit}): failing check ${audit.id}: ${JSON.stringify(items.slice(0, 3)).slice(0, 400)}`);
  }
  return {
    performance: categories.performance?.score ?? Number.NaN,
    accessibility: categories.accessibility?.score ?? Number.NaN,
    bestPractices: categories['best-practices']?.score ?? Number.NaN,
    seo: categories.seo?.score ?? Number.NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    tti: audits.interactive?.numericValue ?? Number.NaN,
    appTookOver:
      (audits['user-timings']?.details as { items?: { name?: string; startTime?: number }[] } | undefined)?.items?.find((item) => item.name === 'app-took-over')
        ?.startTime ?? Number.NaN,
    scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const summary = (page: string, pageRuns: Run[]) => {
  const m = (pick: (run: Run) => number) => median(pageRuns.map(pick));
  console.log(
    `${page}: performance ${m((r) => r.performance)}, a11y ${m((r) => r.accessibility)}, FCP ${m((r) => r.fcp).toFixed(0)} ms, LCP ${m((r) => r.lcp).toFixed(0)} ms, CLS ${m((r) => r.cls).toFixed(3)}, TBT ${m((r) => r.tbt).toFixed(0)} ms, TTI ${m((r) => r.tti).toFixed(0)} ms, app ${m((r) => r.appTookOver).toFixed(0)} ms, JS ${(m((r) => r.scriptBytes) / 1024).toFixed(1)} KiB`,
  );
};

const results = new Map<string, Run[]>();
const memberResults = new Map<string, Record<Visit, Run[]>>();
try {
  for (const page of pages) {
    const pageRuns: Run[] = [];
    for (let run = 0; run < runs; run++) pageRuns.push(await measure(page, run, 'first'));
    results.set(page, pageRuns);
    summary(page, pageRuns);
  }
  if (memberPages.length > 0) {
    const session = await signInDemo(server.url);
    await setBrowserCookies(chrome.port, server.url, session);
    for (const page of await memberPaths(server.url, session, memberPages)) {
      const byVisit: Record<Visit, Run[]> = { first: [], repeat: [] };
      // Each run: a first visit (empty cache), then at once the repeat visit it warmed.
      for (let run = 0; run < runs; run++) {
        if (visits.includes('first') || visits.includes('repeat')) byVisit.first.push(await measure(page, run, 'first'));
        if (visits.includes('repeat')) byVisit.repeat.push(await measure(page, run, 'repeat'));
      }
      if (!visits.includes('first')) byVisit.first = [];
      memberResults.set(page, byVisit);
      for (const visit of visits) summary(`${page} (${visit} visit)`, byVisit[visit]);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  await fresh?.cleanup();
}

const score = (value: number) => value.toFixed(2);
const date = new Date().toISOString().slice(0, 10);
const method = throttling === 'devtools' ? 'DevTools throttling: the page loads over a throttled connection and CPU' : 'simulated throttling';
// The machine is shared: its load while measuring says how far to trust the figures.
const load = `load average ${os.loadavg()[0]!.toFixed(1)} at the end on ${os.cpus().length} cores`;
if (results.size > 0) {
  const lines = [
    `| Page | Performance | Accessibility | Best practices | SEO | FCP (ms) | LCP (ms) | CLS | TBT (ms) | TTI (ms) | App took over (ms) | JS transferred (KiB) | All bytes (KiB) |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const [page, pageRuns] of results) {
    const m = (pick: (run: Run) => number) => median(pageRuns.map(pick));
    lines.push(
      `| \`${page}\` | ${score(m((r) => r.performance))} | ${score(m((r) => r.accessibility))} | ${score(m((r) => r.bestPractices))} | ${score(m((r) => r.seo))} | ${m((r) => r.fcp).toFixed(0)} | ${m((r) => r.lcp).toFixed(0)} | ${m((r) => r.cls).toFixed(3)} | ${m((r) => r.tbt).toFixed(0)} | ${m((r) => r.tti).toFixed(0)} | ${m((r) => r.appTookOver).toFixed(0)} | ${(m((r) => r.scriptBytes) / 1024).toFixed(1)} | ${(m((r) => r.totalBytes) / 1024).toFixed(1)} |`,
    );
  }
  const table = lines.join('\n');
  console.log(`\n${values.label}\n${table}`);
  if (values.write) {
    writeBenchmarkSection(
      `bench:web:${values.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      `## Web pages, ${values.label} (\`npm run bench:web\`, ${date})

Lighthouse ${lighthouseVersion} (mobile, ${method}), system Chromium, median of ${runs} runs a page; a production build
served by the real server (plain http on 127.0.0.1, fresh embedded database, three approved volunteers with photos).
${machineLine()}; ${load}.

${table}`,
    );
  }
}
if (memberResults.size > 0) {
  const lines = [
    `| Page | Visit | Performance | Accessibility | FCP (ms) | LCP (ms) | TBT (ms) | CLS | App took over (ms) | JS transferred (KiB) | All bytes (KiB) |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const [page, byVisit] of memberResults) {
    for (const visit of visits) {
      const m = (pick: (run: Run) => number) => median(byVisit[visit].map(pick));
      const shown = page.replace(/^\/(match|conversation)\/.*/, '/$1/{id}');
      lines.push(
        `| \`${shown}\` | ${visit} | ${score(m((r) => r.performance))} | ${score(m((r) => r.accessibility))} | ${m((r) => r.fcp).toFixed(0)} | ${m((r) => r.lcp).toFixed(0)} | ${m((r) => r.tbt).toFixed(0)} | ${m((r) => r.cls).toFixed(3)} | ${m((r) => r.appTookOver).toFixed(0)} | ${(m((r) => r.scriptBytes) / 1024).toFixed(1)} | ${(m((r) => r.totalBytes) / 1024).toFixed(1)} |`,
      );
    }
  }
  const table = lines.join('\n');
  console.log(`\nSigned in, ${values.label}\n${table}`);
  if (values.write) {
    writeBenchmarkSection(
      'bench:web:signed-in',
      `## The member's screens, ${values.label} (\`npm run bench:web\`, ${date})

Lighthouse ${lighthouseVersion} (mobile, ${method}), system Chromium, median of ${runs} runs a page and visit; a
production build served by the real server (plain http on 127.0.0.1, embedded database seeded as the README says,
\`npm run seed -- --profiles ${values.profiles}\`), signed in as the demo member. "first": empty cache (Lighthouse's
default storage reset; cookies are kept, so the session too); "repeat": at once after it, nothing cleared (HTTP
cache, service worker). Target (issue 34 item 4): performance ≥ 0.98, LCP ≤ 1200 ms, TBT ≤ 50 ms, CLS ≤ 0.02,
accessibility 1.00. ${machineLine()}; ${load}.

${table}`,
    );
  }
}
