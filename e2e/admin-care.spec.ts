import { expect, test } from './fixtures';
import { adminContext, checkScreen, createPersonThroughApi, expectOk, uniqueEmail, uniqueFirstName } from './helpers';
import { mailedLink, serverMailbox } from './mailbox';

/**
 * The admin's dashboard says what it did and who is signed in: the header shows the admin; a suspension's toast
 * says "Suspended" and offers Undo; the member's card shows one status; the reporter is told the report was handled;
 * a member whose suspension is lifted gets a mail; pending team invitations are listed and can be cancelled; the
 * join page names the role offered. Both languages, at 375 px.
 */
const TEXT = {
  en: {
    signedIn: 'Signed in as admin',
    signIn: 'Sign in',
    reports: /^Reports: \d+ open reports?$/,
    suspend: 'Suspend',
    reason: 'Reason',
    suspendAccount: 'Suspend Account',
    suspendedToast: 'Suspended',
    undo: 'Undo',
    liftedToast: 'Suspension lifted',
    search: 'Search profiles by name, email or location',
    suspendedBadge: 'Suspended',
    active: 'Active',
    reportHandled: 'Our team has reviewed a report you made.',
    unsuspendedSubject: 'Your Sanga account is active again',
    inviteEmail: 'Email address',
    inviteRole: 'Role',
    elder: 'Elder',
    send: 'Send invitation',
    pending: /^Pending invitations? \(\d+\)$/,
    line: (email: string) => `${email}, as Elder; valid until`,
    cancelFor: (email: string) => `Cancel the invitation to ${email}`,
    cancelDialog: (email: string) => `Cancel the invitation to ${email} (Elder)?`,
    cancel: 'Cancel invitation',
    offer: 'You are invited to join the Sanga team as an elder',
    notValid: 'This invitation link is not valid. Ask the admin for a new one.',
  },
  es: {
    signedIn: 'Sesión de administración',
    signIn: 'Iniciar sesión',
    reports: /^Denuncias: \d+ denuncias? abiertas?$/,
    suspend: 'Suspender',
    reason: 'Motivo',
    suspendAccount: 'Suspender Cuenta',
    suspendedToast: 'Cuenta suspendida',
    undo: 'Deshacer',
    liftedToast: 'Suspensión levantada',
    search: 'Buscar perfiles por nombre, correo o ubicación',
    suspendedBadge: 'Suspendida',
    active: 'Activo',
    reportHandled: 'Nuestro equipo revisó una denuncia que hiciste.',
    unsuspendedSubject: 'Tu cuenta de Sanga está activa de nuevo',
    inviteEmail: 'Correo electrónico',
    inviteRole: 'Función',
    elder: 'Consejo de mayores',
    send: 'Enviar invitación',
    pending: /^Invitaci(ón pendiente|ones pendientes) \(\d+\)$/,
    line: (email: string) => `${email}, para Consejo de mayores; válida hasta el`,
    cancelFor: (email: string) => `Cancelar la invitación a ${email}`,
    cancelDialog: (email: string) => `¿Cancelar la invitación a ${email} (Consejo de mayores)?`,
    cancel: 'Cancelar invitación',
    offer: 'Te invitan a unirte al consejo de mayores de Sanga',
    notValid: 'Este enlace de invitación no es válido. Pide uno nuevo a la administración.',
  },
} as const;

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  const text = TEXT[language];

  test(`[${language}] a suspension from a report: the header shows the admin; the toast says Suspended with Undo; one status; the reporter is told; lifting it mails the member`, async ({ browser }) => {
    test.setTimeout(150_000);
    const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Kunti'), language });
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Kamsa'), language });
    await expectOk(await man.context.request.put('/api/account/preferences', { data: { language, notifyMessages: true, notifyIntroductions: true } }), 'language');
    await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Answer me now.' } }), 'message');
    await expectOk(await woman.context.request.post('/api/reports', { data: { userId: man.id, reason: 'harassment', details: 'He keeps writing rudely.' } }), 'report');

    const context = await adminContext(browser);
    await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto('/admin');
    // The header says the admin is signed in, not "Sign in".
    const header = admin.getByRole('banner');
    await expect(header.getByText(text.signedIn)).toBeVisible();
    await expect(header.getByRole('link', { name: text.signIn })).toHaveCount(0);

    // His card in the member list, found before the decision.
    await admin.getByRole('searchbox', { name: text.search }).fill(man.firstName);
    const member = admin.locator('#admin-user-profiles').getByRole('listitem').filter({ hasText: man.email });
    await expect(member.getByText(text.active, { exact: true })).toBeVisible();

    const card = admin.getByRole('region', { name: text.reports }).getByTestId('admin-report').filter({ hasText: man.email });
    await card.getByRole('button', { name: text.suspend, exact: true }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByLabel(text.reason).fill('Harassed a member');
    await confirm.getByRole('button', { name: text.suspendAccount }).click();
    const toast = admin.getByRole('status').filter({ hasText: text.suspendedToast });
    await expect(toast).toBeVisible();
    // The announcement above is the toast's status line; its Undo sits in the notifications region's toast.
    const toasts = admin.getByRole('region', { name: /^(Notifications|Notificaciones) / });
    await expect(toasts.getByRole('listitem').filter({ hasText: text.suspendedToast }).getByRole('button', { name: text.undo, exact: true })).toBeVisible();
    // One status on his card: Suspended, not Active beside it.
    await expect(member.getByText(text.suspendedBadge, { exact: true })).toBeVisible();
    await expect(member.getByText(text.active, { exact: true })).toHaveCount(0);
    // Undo is in the toast (above) and on his card; the card's lifts the suspension at once, with no second question.
    await member.getByRole('button', { name: text.undo }).click();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    await expect(admin.getByRole('status').filter({ hasText: text.liftedToast })).toBeVisible();
    await expect(member.getByText(text.active, { exact: true })).toBeVisible();
    await checkScreen(admin);

    // He is told he can sign in again, in his language; she is told, in general terms, that her report was handled.
    await expect.poll(() => serverMailbox().inbox.some((mail) => mail.to === man.email && mail.headers.subject === text.unsuspendedSubject), { timeout: 15_000 }).toBe(true);
    await woman.page.goto('/browse');
    await expect(woman.page.getByText(text.reportHandled)).toBeVisible();
    await context.close();
    await woman.context.close();
    await man.context.close();
  });

  test(`[${language}] pending team invitations are listed and can be cancelled; the join page names the role offered`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await adminContext(browser);
    await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto('/admin');
    const email = uniqueEmail('elder');
    await admin.getByLabel(text.inviteEmail).fill(email);
    await admin.getByLabel(text.inviteRole, { exact: true }).selectOption({ label: text.elder });
    await admin.getByRole('button', { name: text.send }).click();
    const pending = admin.getByRole('region', { name: text.pending });
    await expect(pending.getByText(text.line(email))).toBeVisible();
    await checkScreen(admin);

    // The invitee's link names the role before they sign in.
    const link = await mailedLink(serverMailbox(), email, 'join-team');
    const visitor = await browser.newContext();
    await visitor.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const join = await visitor.newPage();
    await join.setViewportSize({ width: 375, height: 800 });
    await join.goto(link);
    await expect(join.getByText(text.offer)).toBeVisible();
    await checkScreen(join);

    // Cancelled (confirmed, naming address and role): it leaves the list and its link no longer works.
    await pending.getByRole('button', { name: text.cancelFor(email) }).click();
    await admin.getByRole('dialog', { name: text.cancelDialog(email) }).getByRole('button', { name: text.cancel }).click();
    await expect(admin.getByText(text.line(email))).toHaveCount(0);
    await join.reload();
    await expect(join.getByText(text.notValid)).toBeVisible();
    await expect(join.getByText(text.offer)).toHaveCount(0);
    await visitor.close();
    await context.close();
  });
}
