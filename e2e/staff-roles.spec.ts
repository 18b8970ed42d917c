import { expect, test } from './fixtures';
import { adminContext, checkScreen, createPersonThroughApi, expectOk, uniqueFirstName } from './helpers';
import { serverMailbox } from './mailbox';

/**
 * A staff role reads every member's biodata: the admin's role buttons ask first, naming the person and the role;
 * a grant mails the person in their language what the role means; removing a role is confirmed too. In both
 * languages, on a 375 px phone.
 */
const TEXT = {
  en: {
    search: 'Search profiles by name, email or location',
    group: (name: string) => `Roles: ${name}`,
    button: 'Coordinator',
    grantTitle: (name: string) => `Make ${name} a coordinator?`,
    grantConfirm: 'Make coordinator',
    granted: (name: string) => `${name} is now a coordinator`,
    removeTitle: (name: string) => `Remove ${name} as coordinator?`,
    removeConfirm: 'Remove the role',
    removed: (name: string) => `${name} is no longer a coordinator`,
    cancel: 'Cancel',
    subject: 'You are now a Sanga coordinator',
    meaning: 'A coordinator reads the biodata of every member',
  },
  es: {
    search: 'Buscar perfiles por nombre, correo o ubicación',
    group: (name: string) => `Funciones: ${name}`,
    button: 'Coordinador',
    grantTitle: (name: string) => `¿Nombrar a ${name} en la coordinación?`,
    grantConfirm: 'Nombrar en la coordinación',
    granted: (name: string) => `${name} ahora coordina`,
    removeTitle: (name: string) => `¿Quitar a ${name} de la coordinación?`,
    removeConfirm: 'Quitar la función',
    removed: (name: string) => `${name} ya no coordina`,
    cancel: 'Cancelar',
    subject: 'Ahora coordinas en Sanga',
    meaning: 'Quien coordina lee los datos de todos los miembros',
  },
} as const;

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['en'] as Array<'en' | 'es'>) {
  const text = TEXT[language];
  test(`[${language}] granting a staff role asks first, naming person and role, and mails them; removing it asks too`, async ({ browser }) => {
    test.setTimeout(120_000);
    const member = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Role'), language });
    const name = `${member.firstName} Das`;
    await expectOk(await member.context.request.put('/api/account/preferences', { data: { language, notifyMessages: true, notifyIntroductions: true } }), 'language');
    const context = await adminContext(browser);
    await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto('/admin');
    await admin.getByRole('searchbox', { name: text.search }).fill(member.firstName);
    const button = admin.locator('#admin-user-profiles').getByRole('group', { name: text.group(name) }).getByRole('button', { name: text.button });
    await expect(button).toHaveAttribute('aria-pressed', 'false');

    // A press asks first; cancelling changes nothing.
    await button.click();
    const grant = admin.getByRole('dialog', { name: text.grantTitle(name) });
    await expect(grant).toBeVisible();
    await checkScreen(admin);
    await grant.getByRole('button', { name: text.cancel }).click();
    await expect(grant).toBeHidden();
    await expect(button).toHaveAttribute('aria-pressed', 'false');

    await button.click();
    await grant.getByRole('button', { name: text.grantConfirm }).click();
    // The toast comes with the answer, the pressed state once the list is read again: the toast (5 s) first.
    await expect(admin.getByRole('status').filter({ hasText: text.granted(name) })).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    // The member is told, in their own language, what the role means.
    await expect.poll(() => serverMailbox().inbox.find((mail) => mail.to === member.email && mail.headers.subject === text.subject)?.text ?? '', { timeout: 15_000 }).toContain(text.meaning);

    // Removing the role is confirmed too.
    await button.click();
    const remove = admin.getByRole('dialog', { name: text.removeTitle(name) });
    await remove.getByRole('button', { name: text.removeConfirm }).click();
    await expect(admin.getByRole('status').filter({ hasText: text.removed(name) })).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await context.close();
    await member.context.close();
  });
}
