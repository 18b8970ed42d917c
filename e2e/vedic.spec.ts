import { expect, test } from './fixtures';
import enVedic from '../src/web/i18n/en/vedic-screens';
import esVedic from '../src/web/i18n/es/vedic-screens';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { checkScreen, createPersonThroughApi, uniqueFirstName } from './helpers';

/**
 * Vedic compatibility (issue 52) on a phone in both languages: she opts in from her profile form (time, how exact, a
 * place found by the places search), and on the page of a match who also opted in she reads the panel: the total,
 * the eight kootas with their meanings, and the note that it is one traditional view; a member who did not opt in
 * sees no panel. Her birth time and place never reach his answers.
 */
test.describe.configure({ timeout: 150_000 });

const catalogs = { en: enVedic, es: esVedic } as const;
const words = {
  en: { update: 'Update Profile', updated: 'Your profile has been updated' },
  es: { update: 'Actualizar perfil', updated: 'Tu perfil se ha actualizado' },
} as const;
/** His birth, one of the Swiss Ephemeris reference births (src/domain/vedic/reference-charts.json: sao-paulo-1993). */
const hisVedic: NonNullable<ProfileFormValues['vedic']> = {
  optIn: true,
  birthTime: '10:10',
  birthTimeAccuracy: 'exact',
  birthPlace: { name: 'São Paulo, Brazil', latitude: -23.5505, longitude: -46.6333, timeZone: 'America/Sao_Paulo' },
};

for (const language of ['en', 'es'] as const) {
  test(`[${language}] she opts in from her profile, and the match page of a man who opted in shows their guna milan`, async ({ browser }) => {
    const v = catalogs[language];
    const t = words[language];
    const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Radhika'), language, profile: { dateOfBirth: '1999-01-14' } });
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Gopal'), profile: { dateOfBirth: '1993-12-30', vedic: hisVedic } });
    const page = woman.page;
    await page.setViewportSize({ width: 375, height: 800 });

    // Before she opts in: his page has no panel for her.
    await page.goto(`/match/${man.profileId}?from=vedic`);
    await expect(page.getByRole('heading', { name: /Gopal/ }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: v.panel.title })).toHaveCount(0);

    // Her profile: opt in, the time, how exact, the place from the search.
    await page.goto('/profile');
    await page.getByLabel(v.form.optIn).check();
    await page.getByLabel(v.form.birthTime, { exact: true }).fill('12:00');
    await page.getByLabel(v.form.accuracyExact).check();
    const place = page.getByRole('combobox', { name: v.form.birthPlace });
    await place.fill('Dhaka');
    await page.getByRole('option', { name: /^Dhaka/ }).first().click();
    await checkScreen(page);
    await page.getByRole('button', { name: t.update }).click();
    await expect(page.getByRole('region', { name: /Notifications|Notificaciones/ })).toContainText(t.updated);
    const saved = (await (await page.request.get('/api/profile')).json()) as { vedic: { birthPlace: { timeZone: string } | null } };
    expect(saved.vedic.birthPlace?.timeZone).toBe('Asia/Dhaka');

    // His page: the panel, its eight kootas and the note that it is one traditional view.
    await page.goto(`/match/${man.profileId}?from=vedic`);
    const panel = page.getByRole('region', { name: v.panel.title });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(new RegExp(v.panel.total.replace('{{total, number}}', '[0-9]+([.,]5)?')))).toBeVisible();
    for (const koota of Object.values(v.panel.kootas)) await expect(panel.getByText(koota.meaning, { exact: true })).toBeVisible();
    await expect(panel.getByText(v.panel.closing)).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await checkScreen(page);

    // His answer about her carries the pair's results, never her time or place.
    const his = await man.context.request.get(`/api/match/${woman.profileId}`);
    const body = await his.text();
    expect(body).toContain('"vedic"');
    for (const secret of ['12:00', 'Dhaka', 'Asia/Dhaka', 'birthTime', 'birthPlace']) expect(body).not.toContain(secret);
  });
}
