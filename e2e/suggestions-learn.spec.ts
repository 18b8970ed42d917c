import { expect, test, type Browser } from './fixtures';
import { checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, uniqueFirstName, type ApiUser } from './helpers';

/** Suggestions that learn (issue 51 part 4) on a phone in both languages: the coordinator's page says what a no taught. */
test.describe.configure({ timeout: 150_000 });

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, location: string, language: 'en' | 'es' = 'en'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language, profile: { courtshipAlignment: 'either-with-guidance', exactLocation: location } });
  opened.push(user);
  return user;
}

const line = {
  en: (name: string) => new RegExp(`^${name} Devi declined an earlier introduction for distance: only people within \\d+ km are suggested\\.$`),
  es: (name: string) => new RegExp(`^${name} Devi rechazó una presentación anterior por la distancia: solo se sugieren personas a menos de \\d+ km\\.$`),
} as const;

for (const language of ['en', 'es'] as const) {
  test(`[${language}] after her no for distance, the coordinator's page says the suggestions are nearer now`, async ({ browser }) => {
    const coordinator = await person(browser, 'man', 'Coordlearn', 'Austin, Texas, USA', language);
    const elder = await person(browser, 'woman', 'Elderlearn', 'Austin, Texas, USA');
    const woman = await person(browser, 'woman', 'Vishaka', 'Alachua, Florida, USA');
    const man = await person(browser, 'man', 'Nimai', 'Miami, Florida, USA');
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
