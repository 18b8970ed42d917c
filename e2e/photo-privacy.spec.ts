import { expect, test } from './fixtures';
import { checkScreen, createPersonThroughApi, uniqueFirstName } from './helpers';

/**
 * Photos only when the member chooses (issue 49 part 3), on a 375 px phone in both languages: she turns the choice on
 * in her profile form; a match then sees blurred previews made on the server on the browse card and the match page,
 * which says why, and her photo itself answers 404 to him.
 */
const words = {
  en: {
    choice: 'Show my photos only to people I am introduced to',
    update: 'Update Profile',
    updated: 'Your profile has been updated',
    blurredAlt: 'Blurred preview: the photo is shown after an introduction',
    note: /shares photos only after an introduction arranged by a coordinator/,
  },
  es: {
    choice: 'Mostrar mis fotos solo a las personas que me presenten',
    update: 'Actualizar perfil',
    updated: 'Tu perfil se ha actualizado',
    blurredAlt: 'Vista previa difuminada: la foto se muestra después de una presentación',
    note: /comparte sus fotos solo después de una presentación organizada por un coordinador/,
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const t = words[language];
  test(`[${language}] at 375 px: photos kept for introductions show as blurred previews to a match`, async ({ browser }) => {
    test.setTimeout(90_000);
    // A community of this test's own, so /browse can be narrowed to her.
    const community = `Privacy ${language} ${uniqueFirstName('Sangha')}`;
    const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Kunti'), language, profile: { communityAffiliation: community } });
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Arjun'), language, profile: { communityAffiliation: community } });
    const page = woman.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/profile');
    const choice = page.getByLabel(t.choice, { exact: true });
    await expect(choice).not.toBeChecked();
    await choice.check();
    await page.getByRole('button', { name: t.update }).click();
    await expect(page.getByRole('region', { name: /Notifications|Notificaciones/ })).toContainText(t.updated);
    const saved = (await (await page.request.get('/api/profile')).json()) as { photosPrivate: boolean; photos: string[] };
    expect(saved.photosPrivate).toBe(true);
    await checkScreen(page);

    // His browse card shows a blurred preview, made on the server (a small JPEG), never her photo.
    const viewer = man.page;
    await viewer.setViewportSize({ width: 375, height: 800 });
    await viewer.goto(`/browse?community=${encodeURIComponent(community)}`);
    const preview = viewer.getByRole('img', { name: t.blurredAlt }).first();
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^\/objects\/placeholders\/[\w-]+\.jpg$/);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
    await checkScreen(viewer);

    // Her page says why, and offers no larger view.
    await viewer.goto(`/match/${woman.profileId}`);
    await expect(viewer.getByTestId('photos-blurred-note')).toHaveText(t.note);
    await expect(viewer.getByRole('img', { name: t.blurredAlt })).toHaveCount(2);
    await expect(viewer.locator('img[srcset]')).toHaveCount(0);
    await checkScreen(viewer);
    // Her photo itself is not his to load.
    expect((await viewer.request.get(saved.photos[0]!)).status()).toBe(404);
    expect((await page.request.get(saved.photos[0]!)).status()).toBe(200);
    await woman.context.close();
    await man.context.close();
  });
}
