import { expect, test } from './fixtures';
import { peopleForIntroductions } from './people';
import { checkScreen, expectOk, grantCoordinatorAndElder } from './helpers';

/** Suggestions that learn (issue 51 part 4) on a phone in both languages: the coordinator's page says what a no taught. */
test.describe.configure({ timeout: 150_000 });

const person = peopleForIntroductions();

const line = {
  en: (name: string) => new RegExp(`^${name} Devi declined an earlier introduction for distance: only people within \\d+ km are suggested\\.$`),
  es: (name: string) => new RegExp(`^${name} Devi rechazó una presentación anterior por la distancia: solo se sugieren personas a menos de \\d+ km\\.$`),
} as const;

for (const language of ['en', 'es'] as const) {
  test(`[${language}] after her no for distance, the coordinator's page says the suggestions are nearer now`, async ({ browser }) => {
    const coordinator = await person(browser, 'man', 'Coordlearn', { location: 'Austin, Texas, USA', language });
    const elder = await person(browser, 'woman', 'Elderlearn', { location: 'Austin, Texas, USA' });
    const woman = await person(browser, 'woman', 'Vishaka', { location: 'Alachua, Florida, USA' });
    const man = await person(browser, 'man', 'Nimai', { location: 'Miami, Florida, USA' });
    await grantCoordinatorAndElder(browser, coordinator, elder);
    const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: woman.id, memberB: man.id, note: '' } });
    await expectOk(proposed, 'proposal');
    const { id } = (await proposed.json()) as { id: string };
    await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
    await expectOk(await woman.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: false, reasons: ['distance'] } }), 'decline');

    const page = coordinator.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/coordinator/members/${woman.id}`);
    await expect(page.getByTestId('suggestions-learned')).toHaveText(line[language](woman.firstName));
    await checkScreen(page);
  });
}
