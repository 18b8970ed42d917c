import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type APIResponse, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { makeJpeg, uniqueSuffix, validProfileInput } from '#server/test/fixtures';
import { E2E_ADMIN_PASSWORD } from './smtp-port';
import { serverMailbox } from './mailbox';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/**
 * Signs up through the real screens: the landing page's Get Started, which opens Create an account in a browser
 * that never signed in; one that did gets Sign in, and its Create an account link.
 */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), password = 'a long password') {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/login\?(mode=signup&)?returnTo=%2Fprofile/);
  if (!page.url().includes('mode=signup')) await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Sanga account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('I have read the privacy notice and agree to it').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return { email, password };
}

/**
 * Every axe-core rule, the experimental ones too (label-content-name-mismatch, WCAG 2.5.3, is one of them):
 * by default axe runs only the stable rules.
 */
// Left out for now: color-contrast-enhanced (WCAG AAA, 7:1) fails on the saffron buttons and links, a palette
// change not made yet.
const ALL_AXE_RULES = axe.getRules().map((rule) => rule.ruleId).filter((id) => id !== 'color-contrast-enhanced');

/**
 * axe as the browser tests run it: every rule above, in the page and its same-origin frames (the app has no other
 * kind). Legacy mode runs `axe.run` in the page itself; the default mode runs each frame separately and then opens
 * a blank page in the same context to put the parts together, which took 1.5–3 s a scan here instead of 0.5–0.7 s
 * (a few hundred scans per run). Only violations are collected: passes are never read.
 */
export function axeScan(page: Page, rules: readonly string[] = ALL_AXE_RULES): AxeBuilder {
  return new AxeBuilder({ page }).withRules([...rules]).options({ resultTypes: ['violations'] }).setLegacyMode();
}

/** Fails on any serious or critical axe-core violation, with all rules enabled. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await axeScan(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The page fits a 375 px phone: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Someone signed up through the API in a browser context of their own (the context's request shares its cookies). */
export interface ApiUser {
  context: BrowserContext;
  page: Page;
  id: string;
  email: string;
  firstName: string;
  profileId: string;
}

/** A first name no other test (or spec file) uses; the app shows people by their first name. */
export function uniqueFirstName(base: string): string {
  return `${base}${uniqueSuffix()}`;
}

export async function expectOk(response: APIResponse, step: string) {
  if (!response.ok()) throw new Error(`${step}: ${response.status()} ${await response.text()}`);
}

/** A signed-in browser context of its own (in the given language), with an account and no profile. */
export async function newApiAccount(browser: Browser, language: 'en' | 'es' = 'en') {
  const context = await browser.newContext();
  await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
  const email = uniqueEmail('api');
  const registered = await context.request.post('/api/auth/register', { data: { email, password: 'a long password', language } });
  await expectOk(registered, 'register');
  const { id } = (await registered.json()) as { id: string };
  return { context, id, email };
}

/**
 * Puts a signed-in member's browser in `language`: the account's language, which their screens show whatever the
 * browser chose (domain/language/language.ts languageInUse), and the browser's stored choice for the pages before sign-in.
 */
export async function setMemberLanguage(context: BrowserContext, language: 'en' | 'es') {
  await expectOk(await context.request.put('/api/account/preferences', { data: { language } }), 'language');
  await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
}

/**
 * Switches the page to Spanish as a person does mid-journey: the browser's choice, and for a signed-in member the
 * account's language too (the screens follow it; an admin has no account and gets 401, which changes nothing).
 */
export async function switchPageToSpanish(page: Page) {
  await page.evaluate(() => localStorage.setItem('sanga-language', 'es'));
  await page.request.put('/api/account/preferences', { data: { language: 'es' } });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/**
 * Verifies an account's email as its owner does: the token of the verification mail sign-up sent (the e2e SMTP
 * sink), spent through the same call the /verify-email page makes.
 */
export async function verifyEmailByMail(context: BrowserContext, email: string) {
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mail = serverMailbox().inbox.filter((m) => m.to === email && m.text.includes('/verify-email?token=')).at(-1);
        token = mail ? /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
        return Boolean(token);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expectOk(await context.request.post('/api/auth/verify-email', { data: { token } }), 'verify email');
}

/**
 * Profile fields for a woman and a man a coordinator must find among her suggestions. Those are her best 20, and
 * over a whole run most people share the fixture's profile (equal scores, the earlier first), so a man made late
 * may not be among them: she seeks, strictly, an age (46 to 48) only men made this way have.
 */
export function pairForSuggestions(): { woman: Partial<ProfileFormValues>; man: Partial<ProfileFormValues> } {
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 47, born.getUTCMonth() - 6);
  return { woman: { minAge: 46, maxAge: 48, ageFlexibility: 'strict' }, man: { dateOfBirth: born.toISOString().slice(0, 10) } };
}

/**
 * A new user made through the API in a fresh browser context: a saved profile (the test fixture's,
 * with `profile` over it), two photos and, unless `active` is false, an active profile. With the
 * defaults, a woman and a man made this way are each other's match candidates.
 */
export async function createPersonThroughApi(
  browser: Browser,
  options: { gender: 'man' | 'woman'; firstName: string; language?: 'en' | 'es'; profile?: Partial<ProfileFormValues>; active?: boolean },
): Promise<ApiUser> {
  const { context, id, email } = await newApiAccount(browser, options.language);
  const request = context.request;
  const woman = options.gender === 'woman';
  const saved = await request.post('/api/profile', {
    data: validProfileInput({
      name: `${options.firstName} ${woman ? 'Devi' : 'Das'}`,
      gender: options.gender,
      dateOfBirth: woman ? '1994-05-17' : '1991-02-03',
      minAge: 25,
      maxAge: 45,
      ageFlexibility: 'flexible',
      ...options.profile,
    }),
  });
  await expectOk(saved, 'profile');
  const profileId = ((await saved.json()) as { id: string }).id;
  const photos: string[] = [];
  for (const color of ['#c2570c', '#1d4ed8']) {
    const ticket = await request.post('/api/objects/upload');
    await expectOk(ticket, 'upload ticket');
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const body = await makeJpeg({ width: 300, height: 400, color });
    await expectOk(await request.put(uploadURL, { data: body, headers: { 'Content-Type': 'image/jpeg' } }), 'upload');
    const registeredPhoto = await request.put('/api/profile-photos', { data: { photoURL: uploadURL } });
    await expectOk(registeredPhoto, 'register photo');
    photos.push(((await registeredPhoto.json()) as { objectPath: string }).objectPath);
  }
  await expectOk(await request.patch('/api/profile', { data: { photos } }), 'save photos');
  if (options.active !== false) {
    await expectOk(await request.patch('/api/profile/toggle-active', { data: { active: true } }), 'activate');
  }
  const page = await context.newPage();
  return { context, page, id, email, firstName: options.firstName, profileId };
}

/** Checks a screen on a 375 px phone: nothing scrolls sideways and axe finds nothing serious; the size is put back. */
export async function checkScreen(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  if (size) await page.setViewportSize(size);
}

/** A browser context signed in as the admin (playwright.config.ts starts the server with this password). */
export async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await expectOk(await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin login');
  // The dashboard's own flag, which the admin sign-in screen sets in this tab.
  await context.addInitScript(() => sessionStorage.setItem('sanga-admin-auth', 'true'));
  return context;
}

/** What the API helpers below need of a person: who, and a signed-in context. */
type ApiActor = Pick<ApiUser, 'id' | 'context'>;

/** The admin makes one member a coordinator and another an elder, through the API. */
export async function grantCoordinatorAndElder(browser: Browser, coordinator: ApiActor, elder: ApiActor) {
  const admin = await adminContext(browser);
  await expectOk(await admin.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
  await expectOk(await admin.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: false, elder: true } }), 'elder');
  await admin.close();
}

/** Proposed by the coordinator, approved by the elder (the e2e server asks one approval), accepted by both: the API. */
export async function introduceThroughApi(first: ApiActor, second: ApiActor, coordinator: ApiActor, elder: ApiActor, note = 'Both love kirtan.'): Promise<string> {
  const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: first.id, memberB: second.id, note } });
  await expectOk(proposed, 'proposal');
  const { id } = (await proposed.json()) as { id: string };
  await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
  await expectOk(await first.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: true } }), 'first accepts');
  await expectOk(await second.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: true } }), 'second accepts');
  return id;
}

/** Requests in flight per page, the live event stream left out (it stays open as long as the page does). */
const inFlight = new WeakMap<Page, { count: number; lastChange: number }>();

/**
 * Starts counting `page`'s requests: call once, before its first `goto`, for `settled`. Playwright's
 * `networkidle` waits for 500 ms without a request after every load; a screen scanned right after its last
 * answer arrived needs far less quiet than that, and every-screen and nav-fit load well over a hundred screens
 * (the run's length).
 */
export function trackRequests(page: Page): void {
  const state = { count: 0, lastChange: Date.now() };
  inFlight.set(page, state);
  const counted = (request: { url(): string }) => !new URL(request.url()).pathname.startsWith('/api/events');
  const change = (delta: number) => {
    state.count = Math.max(0, state.count + delta);
    state.lastChange = Date.now();
  };
  page.on('request', (request) => counted(request) && change(1));
  page.on('requestfinished', (request) => counted(request) && change(-1));
  page.on('requestfailed', (request) => counted(request) && change(-1));
}

/** Waits until `page` (tracked by `trackRequests`) has had no request in flight for `quietMs`: its lists and photos are in. */
export async function settled(page: Page, quietMs = 150): Promise<void> {
  const state = inFlight.get(page);
  if (!state) throw new Error('settled() needs trackRequests(page) before the page loads');
  await expect
    .poll(() => state.count === 0 && Date.now() - state.lastChange >= quietMs, { message: 'requests still in flight', intervals: [50] })
    .toBe(true);
}
