import { expect, test, type Browser } from './fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueFirstName, type ApiUser } from './helpers';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';

/**
 * The checks before a message is delivered (issue 50), at 375 px in both languages: "Are you sure?" in the composer
 * (the text kept, Edit and Send anyway), the receiver's concealed message behind "Show it" with Report beside it, and
 * contact details held back between two members who are not introduced (the warning, the text kept).
 */

const catalogs = { en, es } as const;
type Language = keyof typeof catalogs;
const words = (language: Language) => catalogs[language].messages.thread;

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: Language): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language });
  opened.push(user);
  return user;
}

const hurtful: Record<Language, string> = { en: 'Honestly, you are such a loser', es: 'La verdad, eres una inútil' };
const phone: Record<Language, string> = { en: 'Call me at 512-555-0147 tonight', es: 'Llámame al +52 55 1234 5678 esta noche' };

for (const language of ['en', 'es'] as const) {
  test(`[${language}] "Are you sure?" keeps the text; sent anyway, the receiver sees it behind a tap with Report; contact details wait for an introduction`, async ({ browser }) => {
    test.setTimeout(120_000);
    const t = words(language);
    const her = await person(browser, 'woman', 'Kindra', language);
    const him = await person(browser, 'man', 'Kindo', language);

    // She writes something hurtful: the prompt, the text still there, nothing sent.
    const page = her.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/conversation/${him.id}`);
    const composer = page.getByLabel(t.composer.label, { exact: true });
    await composer.fill(hurtful[language]);
    await composer.press('Enter');
    const prompt = page.getByTestId('kind-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveAttribute('role', 'alert');
    await expect(prompt).toContainText(catalogs[language].errors['message-unkind']);
    await expect(composer).toHaveValue(hurtful[language]);
    await expect(page.getByTestId('message')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Edit goes back to the text; sending it unchanged asks again; then Send anyway, from the keyboard.
    await prompt.getByRole('button', { name: t.edit }).click();
    await expect(prompt).toBeHidden();
    await expect(composer).toBeFocused();
    await composer.press('Enter');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: t.sendAnyway }).focus();
    await page.keyboard.press('Enter');
    await expect(prompt).toBeHidden();
    await expect(composer).toHaveValue('');
    // Her own thread shows what she wrote, as written.
    await expect(page.getByTestId('message-content')).toHaveText([hurtful[language]]);

    // He sees it behind a tap: "This message may be hurtful. Show it", Report beside it.
    const his = him.page;
    await his.setViewportSize({ width: 375, height: 800 });
    await his.goto(`/conversation/${her.id}`);
    const concealed = his.getByTestId('concealed-message');
    await expect(concealed).toContainText(t.hurtful);
    await expect(his.getByText(hurtful[language])).toHaveCount(0);
    await expectNoHorizontalScroll(his);
    await expectNoSeriousA11yViolations(his);
    // His list does not preview it either.
    await his.goto('/messages');
    await expect(his.getByTestId('conversation-card').filter({ hasText: her.firstName })).toContainText(t.hurtful);
    await his.goto(`/conversation/${her.id}`);
    await concealed.getByRole('button', { name: t.showIt }).click();
    await expect(his.getByTestId('message-content')).toHaveText([hurtful[language]]);
    await his.getByRole('log').getByRole('button', { name: catalogs[language].safety.actions.report, exact: true }).click();
    const dialog = his.getByRole('dialog', { name: catalogs[language].safety.report.title.replace('{{name}}', her.firstName) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: catalogs[language].safety.reasons.harassment })).toBeChecked();
    await expectNoSeriousA11yViolations(his);
    await dialog.getByRole('button', { name: catalogs[language].safety.report.cancel }).click();

    // Contact details before an introduction: held back, the warning, the text kept; no Send anyway.
    await composer.fill(phone[language]);
    await composer.press('Enter');
    const held = page.getByTestId('held-notice');
    await expect(held).toHaveText(catalogs[language].errors['contact-before-introduction']);
    await expect(held).toHaveAttribute('role', 'alert');
    await expect(page.getByRole('button', { name: t.sendAnyway })).toHaveCount(0);
    await expect(composer).toHaveValue(phone[language]);
    await expect(page.getByTestId('message')).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // He is told that something of hers was held, beside the scam tips.
    await his.reload();
    await expect(his.getByTestId('held-from-them')).toBeVisible();
    await expect(his.getByTestId('safety-tips')).toBeVisible();
    await expectNoSeriousA11yViolations(his);
  });
}
