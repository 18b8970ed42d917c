import { expect, test } from './fixtures';
import { peopleForIntroductions } from './people';
import { checkScreen, expectOk, grantCoordinatorAndElder } from './helpers';

/** The coordinators' outcomes page (issue 51 part 3) on a phone in both languages: the funnel, the reasons, own figures. */
test.describe.configure({ timeout: 150_000 });

const person = peopleForIntroductions();

const texts = {
  en: { link: 'Outcomes: what became of our introductions', title: 'Outcomes', total: 'Total', distance: 'Distance', photos: 'Photos', reasons: 'Why people said no' },
  es: { link: 'Resultados: qué pasó con nuestras presentaciones', title: 'Resultados', total: 'Total', distance: 'Distancia', photos: 'Fotos', reasons: 'Por qué se dijo que no' },
} as const;

for (const language of ['en', 'es'] as const) {
  test(`[${language}] the outcomes page counts this month's introductions, the reasons for a no, and the coordinator's figures`, async ({ browser }) => {
    const t = texts[language];
    const coordinator = await person(browser, 'man', 'Coordout', { language });
    const elder = await person(browser, 'woman', 'Elderout');
    const woman = await person(browser, 'woman', 'Radhika');
    const man = await person(browser, 'man', 'Madhav');
    await grantCoordinatorAndElder(browser, coordinator, elder);
    const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: woman.id, memberB: man.id, note: '' } });
    await expectOk(proposed, 'proposal');
    const { id } = (await proposed.json()) as { id: string };
    await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
    await expectOk(await woman.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: false, reasons: ['distance', 'photos'] } }), 'decline');

    const page = coordinator.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/coordinator');
    await page.getByRole('link', { name: t.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    // Other tests' introductions share this server: the figures are at least this one's.
    const totals = page.getByTestId('outcomes-funnel').getByRole('row', { name: new RegExp(`^${t.total}`) });
    await expect(totals.getByRole('cell').first()).not.toHaveText('0');
    const reasons = page.getByTestId('outcomes-reasons');
    await expect(reasons).toContainText(t.distance);
    await expect(reasons).toContainText(t.photos);
    await expect(page.getByTestId('outcomes-coordinators')).toContainText(coordinator.firstName);
    await checkScreen(page);
  });
}
