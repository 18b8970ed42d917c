import { expect, test } from './fixtures';
import { checkScreen, createPersonThroughApi, expectOk, uniqueFirstName } from './helpers';

/**
 * Hidden words (issue 50) in both languages on a phone: she lists words in Settings, a message holding one stays out of
 * her conversation and waits in the hidden folder, and the sender's side shows it sent like any other.
 */
test.describe.configure({ timeout: 120_000 });

const texts = {
  en: {
    heading: 'Hidden words',
    label: 'Words and phrases, one per line',
    save: 'Save hidden words',
    saved: 'Saved. 2 words or phrases are hidden.',
    tooShort: 'Line 2: Each hidden word or phrase is 2 to 40 characters, with at least one letter or digit',
    folderLink: 'Open the hidden folder',
    folderTitle: 'Hidden messages',
    listLink: 'Hidden messages',
    hidden: 'You look so sexy, darling',
    kind: 'Hare Krishna! How was the kirtan?',
  },
  es: {
    heading: 'Palabras ocultas',
    label: 'Palabras y frases, una por línea',
    save: 'Guardar palabras ocultas',
    saved: 'Guardado. 2 palabras o frases están ocultas.',
    tooShort: 'Línea 2: Cada palabra o frase oculta tiene de 2 a 40 caracteres, con al menos una letra o un número',
    folderLink: 'Abrir la carpeta oculta',
    folderTitle: 'Mensajes ocultos',
    listLink: 'Mensajes ocultos',
    hidden: 'Qué SEXY te ves, mi amor',
    kind: '¡Hare Krishna! ¿Qué tal el kirtan?',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  test(`[${language}] a message with a hidden word waits in the hidden folder, and the sender is not told`, async ({ browser }) => {
    const t = texts[language];
    const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Lalita'), language });
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Govinda'), language });
    const page = woman.page;
    await page.setViewportSize({ width: 375, height: 800 });

    // Settings: a line too short is named by its number; then two words saved.
    await page.goto('/settings');
    const section = page.getByRole('region', { name: t.heading });
    const box = section.getByLabel(t.label);
    await box.fill('sexy\nx');
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByText(t.tooShort)).toBeVisible();
    await box.fill('sexy\nmi amor');
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByRole('status')).toHaveText(t.saved);
    await checkScreen(page);

    await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: t.hidden } }), 'hidden message');
    await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: t.kind } }), 'kind message');

    // Her conversation holds the kind message only.
    await page.goto(`/conversation/${man.id}`);
    await expect(page.getByTestId('message')).toHaveCount(1);
    await expect(page.getByTestId('message')).toContainText(t.kind);

    // The folder, from the messages list: the hidden one, with who sent it.
    await page.goto('/messages');
    await page.getByRole('link', { name: t.listLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.folderTitle })).toBeVisible();
    const hidden = page.getByTestId('hidden-message');
    await expect(hidden).toHaveCount(1);
    await expect(hidden).toContainText(t.hidden);
    await expect(hidden.getByRole('link', { name: man.firstName })).toBeVisible();
    await checkScreen(page);

    // His side: both messages, as sent.
    await man.page.setViewportSize({ width: 375, height: 800 });
    await man.page.goto(`/conversation/${woman.id}`);
    await expect(man.page.getByTestId('message')).toHaveCount(2);
    await expect(man.page.getByTestId('message').first()).toContainText(t.hidden);

    // The settings link reaches the same folder with the keyboard.
    await page.goto('/settings');
    const link = page.getByRole('link', { name: t.folderLink });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/messages\/hidden$/);
    await Promise.all([woman.context.close(), man.context.close()]);
  });
}
