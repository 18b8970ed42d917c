import { expect, test, type Browser, type Page } from './fixtures';
import { toApplicationPayload, volunteerApplicationForm } from '#domain/volunteers/volunteer';
import { uniqueSuffix, validProfileInput } from '#server/test/fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/**
 * The admin dashboard at scale. What needs action comes first; the lists are searched,
 * filtered and paged on the server (20 a page), in both languages, on a 375 px phone.
 */
const TAG = `Pagetag${uniqueSuffix()}`;

const TEXT = {
  en: {
    needsAction: 'Needs action',
    review: 'Review them',
    searchProfiles: 'Search profiles by name, email or location',
    status: 'Status',
    profilesHeading: (n: number) => `User Profiles (${n})`,
    inactive: 'Inactive',
    active: 'Active',
    showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total}`,
    next: 'Next',
    previous: 'Previous',
    pendingFilter: 'Pending Review',
    volunteersTitle: /^Volunteer Applications \(\d+\)$/,
  },
  es: {
    needsAction: 'Requiere atención',
    review: 'Revisarlas',
    searchProfiles: 'Buscar perfiles por nombre, correo o ubicación',
    status: 'Estado',
    profilesHeading: (n: number) => `Perfiles de usuario (${n})`,
    inactive: 'Inactivo',
    active: 'Activo',
    showing: (from: number, to: number, total: number) => `Mostrando ${from}–${to} de ${total}`,
    next: 'Siguiente',
    previous: 'Anterior',
    pendingFilter: 'Pendiente de revisión',
    volunteersTitle: /^Solicitudes de voluntariado \(\d+\)$/,
  },
} as const;

let activeName: string;
let inactiveName: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // 22 people carry the tag: a complete active one, a complete inactive one, and 20 who only saved the form.
  const active = await createPersonThroughApi(browser, { gender: 'woman', firstName: `${TAG}A` });
  const inactive = await createPersonThroughApi(browser, { gender: 'man', firstName: `${TAG}B`, active: false });
  activeName = `${TAG}A Devi`;
  inactiveName = `${TAG}B Das`;
  await Promise.all([active.context.close(), inactive.context.close()]);
  for (let i = 0; i < 20; i++) {
    const { context } = await newApiAccount(browser);
    await expectOk(await context.request.post('/api/profile', { data: validProfileInput({ name: `${TAG}C${i} Das` }) }), 'profile');
    await context.close();
  }
  // One volunteer application waiting for review, so "Needs action" has something to show.
  const { context } = await newApiAccount(browser);
  const form = volunteerApplicationForm.parse({
    name: `${TAG} Volunteer`,
    email: `${TAG.toLowerCase()}@example.com`,
    dateOfBirth: '1975',
    contribution: 'Kirtan and premarital counselling',
    background: 'Twenty years of temple service and family mentoring.',
    agreeToRevenueSplit: true,
  });
  await expectOk(await context.request.post('/api/volunteer-application', { data: toApplicationPayload(form) }), 'volunteer application');
  await context.close();
});

async function adminPage(browser: Browser, language: 'en' | 'es'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await expectOk(await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin login');
  await context.addInitScript((lang) => {
    sessionStorage.setItem('sanga-admin-auth', 'true');
    localStorage.setItem('sanga-language', lang);
  }, language);
  const page = await context.newPage();
  await page.goto('/admin');
  return page;
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['en'] as Array<'en' | 'es'>) {
  const text = TEXT[language];

  test(`[${language}] needs action first, then searched, filtered and paged lists at 375 px`, async ({ browser }) => {
    // Two axe scans of a full dashboard on a shared machine.
    test.slow();
    const page = await adminPage(browser, language);
    // What needs action is the first section after the title.
    const firstSection = page.getByRole('heading', { level: 2 }).first();
    await expect(firstSection).toHaveText(text.needsAction);
    await expect(page.getByTestId('needs-action-volunteers')).toContainText(/\d/);

    const search = page.getByRole('searchbox', { name: text.searchProfiles });
    await search.fill(TAG.toLowerCase());
    const profiles = page.locator('#admin-user-profiles');
    await expect(profiles.getByRole('heading', { level: 2 })).toHaveText(text.profilesHeading(22));
    await expect(profiles.getByRole('listitem')).toHaveCount(20);
    const pager = profiles.getByRole('navigation');
    await expect(pager).toContainText(text.showing(1, 20, 22));
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    await pager.getByRole('button', { name: text.next }).click();
    await expect(pager).toContainText(text.showing(21, 22, 22));
    await expect(profiles.getByRole('listitem')).toHaveCount(2);
    await expect(pager.getByRole('button', { name: text.next })).toBeDisabled();
    await pager.getByRole('button', { name: text.previous }).click();
    await expect(pager).toContainText(text.showing(1, 20, 22));

    // The status filter goes back to the first page and narrows on the server.
    await profiles.getByLabel(text.status).selectOption({ label: text.inactive });
    await expect(profiles.getByRole('heading', { level: 2 })).toHaveText(text.profilesHeading(1));
    await expect(profiles.getByRole('heading', { level: 3, name: inactiveName })).toBeVisible();
    await profiles.getByLabel(text.status).selectOption({ label: text.active });
    await expect(profiles.getByRole('heading', { level: 3, name: activeName })).toBeVisible();
    await expect(profiles.getByRole('listitem')).toHaveCount(1);

    // "Review them" shows the applications waiting for review.
    await page.getByRole('button', { name: text.review }).click();
    const volunteers = page.locator('#admin-volunteer-applications');
    await expect(volunteers.getByLabel(text.status)).toHaveValue('pending');
    await expect(volunteers.getByRole('heading', { level: 2 })).toHaveText(text.volunteersTitle);
    const card = volunteers.getByTestId('volunteer-application').filter({ hasText: `${TAG} Volunteer` });
    await expect(card).toBeVisible();
    await expect(card.getByText(text.pendingFilter, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}
