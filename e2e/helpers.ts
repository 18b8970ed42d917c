import AxeBuilder from '@axe-core/playwright';
import { expect, type APIResponse, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Signs up through the real screens: the landing page's Get Started, then Create an account. */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), password = 'a long password') {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return { email, password };
}

/** Fails on any serious or critical axe-core violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
}

/** A first name no other test (or spec file) uses; the app shows people by their first name. */
export function uniqueFirstName(base: string): string {
  return `${base}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function expectOk(response: APIResponse, step: string) {
  if (!response.ok()) throw new Error(`${step}: ${response.status()} ${await response.text()}`);
}

/**
 * A new user with a saved profile, two photos and an active profile, made through the API in a
 * fresh browser context: a woman and a man made this way are each other's match candidates.
 */
export async function createActiveProfileUser(browser: Browser, options: { gender: 'man' | 'woman'; firstName: string; language?: 'en' | 'es' }): Promise<ApiUser> {
  const context = await browser.newContext();
  if (options.language) {
    await context.addInitScript((language) => localStorage.setItem('sanga-language', language), options.language);
  }
  const request = context.request;
  const email = uniqueEmail('msg');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'a long password' } });
  await expectOk(registered, 'register');
  const { id } = (await registered.json()) as { id: string };
  const woman = options.gender === 'woman';
  await expectOk(
    await request.post('/api/profile', {
      data: {
        name: `${options.firstName} ${woman ? 'Devi' : 'Das'}`,
        gender: options.gender,
        dateOfBirth: woman ? '1994-05-17' : '1991-02-03',
        minAge: 25,
        maxAge: 45,
        ageFlexibility: 'flexible',
        exactLocation: 'Austin, Texas, USA',
        relocation: 'open-to-discuss',
        communityAffiliation: 'ISKCON',
        courtshipAlignment: 'one-to-one-preferred',
        dietAlignment: 'strict-sattvic',
        languagesSpoken: 'English, Spanish',
        dealBreakers: 'Smoking, meat eating, no spiritual practice',
        dealMakers: 'Daily sadhana, kindness, family values',
        aboutYou: 'I serve at the temple kitchen and teach yoga. I am looking for a partner to serve with.',
        marriageReadinessConsultation: 'yes',
      },
    }),
    'profile',
  );
  const photos: string[] = [];
  for (const background of ['#c2570c', '#1d4ed8']) {
    const ticket = await request.post('/api/objects/upload');
    await expectOk(ticket, 'upload ticket');
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const body = await sharp({ create: { width: 120, height: 120, channels: 3, background } }).jpeg().toBuffer();
    await expectOk(await request.put(uploadURL, { data: body, headers: { 'Content-Type': 'image/jpeg' } }), 'upload');
    const registeredPhoto = await request.put('/api/profile-photos', { data: { photoURL: uploadURL } });
    await expectOk(registeredPhoto, 'register photo');
    photos.push(((await registeredPhoto.json()) as { objectPath: string }).objectPath);
  }
  await expectOk(await request.patch('/api/profile', { data: { photos } }), 'save photos');
  await expectOk(await request.patch('/api/profile/toggle-active', { data: { active: true } }), 'activate');
  const page = await context.newPage();
  return { context, page, id, email, firstName: options.firstName };
}
