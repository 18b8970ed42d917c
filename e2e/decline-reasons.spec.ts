import { expect, test } from './fixtures';
import { peopleForIntroductions } from './people';
import { checkScreen, expectOk, grantCoordinatorAndElder } from './helpers';

/**
 * Why a no (issue 51 part 1), on a phone in both languages: a member declines with reasons from the list (and the words
 * "something else" asks for), and the coordinator's member page names them; the other member never sees them.
 */
test.describe.configure({ timeout: 150_000 });

const person = peopleForIntroductions();

const texts = {
  en: { decline: 'Decline', distance: 'Distance', other: 'Something else', note: 'Reason (optional, only the coordinator reads it)', confirm: 'Decline the introduction', needsText: 'Say in a few words what the other reason is', declinedFor: (name: string) => `${name} declined: Distance, Something else` },
  es: { decline: 'Rechazar', distance: 'Distancia', other: 'Otro motivo', note: 'Motivo (opcional, solo lo lee el equipo de coordinación)', confirm: 'Rechazar la presentación', needsText: 'Di en pocas palabras cuál es el otro motivo', declinedFor: (name: string) => `${name} rechazó: Distancia, Otro motivo` },
} as const;

for (const language of ['en', 'es'] as const) {
  test(`[${language}] a member declines with reasons; only the coordinator reads them`, async ({ browser }) => {
    const t = texts[language];
    const coordinator = await person(browser, 'man', 'Coorddecl', { language });
    const elder = await person(browser, 'woman', 'Elderdecl');
    const woman = await person(browser, 'woman', 'Yamuna', { language });
    const man = await person(browser, 'man', 'Keshava');
    await grantCoordinatorAndElder(browser, coordinator, elder);
    const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: woman.id, memberB: man.id, note: 'Both love kirtan.' } });
    await expectOk(proposed, 'proposal');
    const { id } = (await proposed.json()) as { id: string };
    await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');

    const page = woman.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/introductions');
    await page.getByRole('button', { name: t.decline, exact: true }).click();
    const reasons = page.getByTestId('decline-reasons');
    await reasons.getByLabel(t.distance).check();
    await reasons.getByLabel(t.other).check();
    await checkScreen(page);
    // "Something else" without its words is named on the note, and nothing is sent.
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.needsText)).toBeVisible();
    await page.getByLabel(t.note).fill('Moving to Mayapur next year');
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('button', { name: t.decline, exact: true })).toHaveCount(0);

    // The coordinator's member page names her reasons, in the coordinator's language.
    await coordinator.page.setViewportSize({ width: 375, height: 800 });
    await coordinator.page.goto(`/coordinator/members/${woman.id}`);
    await expect(coordinator.page.getByTestId('decline-reasons-given')).toHaveText(t.declinedFor(`${woman.firstName} Devi`));
    await checkScreen(coordinator.page);

    // He never sees them (it had not reached him; nothing of it is in his answers).
    const his = await man.context.request.get('/api/introductions');
    expect(await his.text()).not.toMatch(/distance|Mayapur/);
  });
}
