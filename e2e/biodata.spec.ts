import { expect, test } from './fixtures';
import { checkScreen, createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueFirstName } from './helpers';

/**
 * The biodata families read first (issue 49 part 1), on a 375 px phone in both languages: a member whose profile
 * predates the question is asked her marital history once, answers the rest in the form, and her preview and a
 * match's page show it, heights in the reader's units.
 */
const words = {
  en: {
    askTitle: 'One question families ask first',
    maritalHistory: 'Marital history',
    divorced: 'Divorced',
    save: 'Save',
    notNow: 'Not now',
    children: 'Children (optional)',
    childrenAnswer: 'Yes, living with me',
    height: 'Height (optional)',
    heightOption: '5 ft 6 in (168 cm)',
    heightShown: '5 ft 6 in',
    tradition: 'Tradition (optional)',
    traditionOther: 'Your tradition',
    other: 'Other',
    update: 'Update Profile',
    updated: 'Your profile has been updated',
    biodataTitle: 'Family and Background',
    practiceTitle: 'Spiritual Practice',
  },
  es: {
    askTitle: 'Una pregunta que las familias hacen primero',
    maritalHistory: 'Estado civil',
    divorced: 'Divorciado/a',
    save: 'Guardar',
    notNow: 'Ahora no',
    children: 'Hijos (opcional)',
    childrenAnswer: 'Sí, viven conmigo',
    height: 'Estatura (opcional)',
    heightOption: '168 cm',
    heightShown: '168 cm',
    tradition: 'Tradición (opcional)',
    traditionOther: 'Tu tradición',
    other: 'Otra',
    update: 'Actualizar perfil',
    updated: 'Tu perfil se ha actualizado',
    biodataTitle: 'Familia y datos personales',
    practiceTitle: 'Práctica espiritual',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const t = words[language];
  test(`[${language}] at 375 px: asked the marital history once, the biodata saved from the form, shown on the preview and to a match`, async ({ browser }) => {
    test.setTimeout(90_000);
    // A profile made before the form asked it: no marital history.
    const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Gita'), language, profile: { maritalHistory: undefined } });
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Hari'), language });
    const page = woman.page;
    await page.setViewportSize({ width: 375, height: 800 });

    await page.goto('/profile');
    const ask = page.getByTestId('marital-history-ask');
    await expect(ask.getByRole('heading', { name: t.askTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await ask.getByLabel(t.maritalHistory, { exact: true }).selectOption({ label: t.divorced });
    await ask.getByRole('button', { name: t.save, exact: true }).click();
    await expect(ask).toHaveCount(0);
    // The form below follows the answer.
    await expect(page.getByLabel(t.maritalHistory, { exact: true })).toHaveValue('divorced');

    await page.getByLabel(t.children, { exact: true }).selectOption({ label: t.childrenAnswer });
    await page.getByLabel(t.height, { exact: true }).selectOption({ label: t.heightOption });
    await expect(page.getByLabel(t.traditionOther, { exact: true })).toHaveCount(0);
    await page.getByLabel(t.tradition, { exact: true }).selectOption({ label: t.other });
    await page.getByLabel(t.traditionOther, { exact: true }).fill('Nimbarka Sampradaya');
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: t.update }).click();
    await expect(page.getByRole('region', { name: /Notifications|Notificaciones/ })).toContainText(t.updated);
    const saved = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ maritalHistory: 'divorced', children: 'yes-living-with-me', heightCm: 168, practice: { tradition: 'other', traditionOther: 'Nimbarka Sampradaya' } });

    // Her preview, as her matches read it.
    await page.goto('/profile/preview');
    const biodata = page.getByTestId('biodata');
    await expect(biodata.getByRole('heading', { name: t.biodataTitle })).toBeVisible();
    await expect(biodata.getByText(t.divorced, { exact: true })).toBeVisible();
    await expect(biodata.getByText(t.childrenAnswer, { exact: true })).toBeVisible();
    await expect(biodata.getByText(t.heightShown, { exact: true })).toBeVisible();
    await expect(biodata.getByRole('heading', { name: t.practiceTitle })).toBeVisible();
    await expect(biodata.getByText('Nimbarka Sampradaya', { exact: true })).toBeVisible();
    await checkScreen(page);

    // A match's page shows the same, in his units.
    await man.page.setViewportSize({ width: 375, height: 800 });
    await man.page.goto(`/match/${woman.profileId}`);
    const hers = man.page.getByTestId('biodata');
    await expect(hers.getByText(t.divorced, { exact: true })).toBeVisible();
    await expect(hers.getByText(t.heightShown, { exact: true })).toBeVisible();
    await checkScreen(man.page);
    // Reloaded, she is not asked again.
    await page.goto('/profile');
    await expect(page.getByLabel(t.maritalHistory, { exact: true })).toHaveValue('divorced');
    await expect(page.getByTestId('marital-history-ask')).toHaveCount(0);
    await woman.context.close();
    await man.context.close();
  });
}

test('"Not now" is remembered: the marital history is not asked again on the next visit, and the form still asks it', async ({ browser }) => {
  const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Sita'), profile: { maritalHistory: undefined } });
  const page = member.page;
  await page.goto('/profile');
  await page.getByTestId('marital-history-ask').getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('marital-history-ask')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();
  await expect(page.getByTestId('marital-history-ask')).toHaveCount(0);
  // Saving the form is where it is asked then.
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('Marital history', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await member.context.close();
});
