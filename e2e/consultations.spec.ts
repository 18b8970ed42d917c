import { expect, test, type Browser, type Locator } from './fixtures';
import { applicationBody, makeJpeg } from '#server/test/fixtures';
import { adminContext, checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, newApiAccount, uniqueFirstName } from './helpers';

/**
 * The marriage-readiness consultation goes somewhere: a member's Yes reaches the coordinators' queue with its date,
 * a coordinator marks it handled with a private note, and the member's profile says it was received (never the
 * note). Guidance and the landing are honest about mentors: none listed, they say so and invite volunteers.
 */
const TEXT = {
  en: {
    received: /We received your consultation request on .+\. A coordinator will write to you here on Sanga/,
    section: 'Consultation requests',
    askedOn: /Asked on /,
    markFor: (name: string) => `Mark handled: ${name}`,
    dialog: (name: string) => `Mark ${name}’s request handled?`,
    note: 'Private note',
    mark: 'Mark handled',
    marked: (name: string) => `${name}’s request is marked handled`,
    show: 'Show',
    handled: 'Handled',
    handledBy: /Handled on .+ by /,
    noMentors: 'No mentor is listed yet.',
    apply: 'Apply to be a mentor',
    meet: 'Meet the Mentors',
    volunteer: 'Volunteer as a Mentor',
    loadMore: 'Load more',
  },
  es: {
    received: /Recibimos tu solicitud de consulta el .+\. Un coordinador te escribirá aquí en Sanga/,
    section: 'Solicitudes de consulta',
    askedOn: /La pidió el /,
    markFor: (name: string) => `Marcar como atendida: ${name}`,
    dialog: (name: string) => `¿Marcar como atendida la solicitud de ${name}?`,
    note: 'Nota privada',
    mark: 'Marcar como atendida',
    marked: (name: string) => `La solicitud de ${name} quedó marcada como atendida`,
    show: 'Mostrar',
    handled: 'Atendidas',
    handledBy: /Atendida el .+ por /,
    noMentors: 'Todavía no hay ningún mentor.',
    apply: 'Ofrécete como mentor',
    meet: 'Conoce a los mentores',
    volunteer: 'Ofrécete como mentor',
    loadMore: 'Cargar más',
  },
} as const;

let opened: { close: () => Promise<void> }[] = [];
test.afterEach(async () => {
  for (const context of opened) await context.close();
  opened = [];
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  const text = TEXT[language];
  test(`[${language}] a member's Yes reaches the coordinators' queue; marked handled with a private note; her profile says it was received`, async ({ browser }) => {
    test.setTimeout(120_000);
    const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Asks'), language, profile: { marriageReadinessConsultation: 'yes' } });
    const coordinator = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Coord'), language, profile: { marriageReadinessConsultation: 'no' } });
    const elder = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Elder'), language, profile: { marriageReadinessConsultation: 'no' } });
    opened.push(member.context, coordinator.context, elder.context);
    await grantCoordinatorAndElder(browser, coordinator, elder);
    const name = `${member.firstName} Devi`;

    // Her profile says the request arrived and what happens next.
    await member.page.setViewportSize({ width: 375, height: 800 });
    await member.page.goto('/profile');
    await expect(member.page.getByTestId('consultation-received')).toHaveText(text.received);

    // The coordinator finds her in the queue, with the date, and marks it handled with a note.
    const page = coordinator.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/coordinator');
    const section = page.getByRole('region', { name: text.section });
    const card = section.getByRole('listitem').filter({ hasText: name });
    await loadUntilListed(section, card, text.loadMore);
    await expect(card.getByText(text.askedOn)).toBeVisible();
    await checkScreen(page);
    await card.getByRole('button', { name: text.markFor(name) }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog(name) });
    await dialog.getByLabel(text.note).fill('Vrinda will meet her after the Sunday feast.');
    await checkScreen(page);
    await dialog.getByRole('button', { name: text.mark }).click();
    await expect(page.getByRole('status').filter({ hasText: text.marked(name) })).toBeVisible();
    await expect(card).toHaveCount(0);
    await section.getByLabel(text.show).selectOption({ label: text.handled });
    const handled = section.getByRole('listitem').filter({ hasText: name });
    await expect(handled.getByText(text.handledBy)).toBeVisible();
    await expect(handled.getByText('Vrinda will meet her after the Sunday feast.')).toBeVisible();

    // Her profile still says it was received; the note is the team's only.
    await member.page.reload();
    await expect(member.page.getByTestId('consultation-received')).toHaveText(text.received);
    await expect(member.page.getByText('Vrinda will meet her')).toHaveCount(0);
  });
}

/**
 * The queue lists the oldest request first, a page at a time, and every member the other tests create asked for a
 * consultation before hers: "Load more" until her card is there (which also shows the button works).
 */
async function loadUntilListed(section: Locator, card: Locator, loadMore: string): Promise<void> {
  const button = section.getByRole('button', { name: loadMore });
  const cards = section.getByRole('listitem');
  for (;;) {
    await expect(card.or(button).first()).toBeVisible();
    if ((await card.count()) > 0) return;
    const shown = await cards.count();
    await button.click();
    await expect(cards).not.toHaveCount(shown);
  }
}

/** A volunteer application with a photo, approved by the admin: a mentor Guidance lists. */
async function listedMentor(browser: Browser): Promise<{ id: string }> {
  const { context } = await newApiAccount(browser);
  opened.push(context);
  const name = `${uniqueFirstName('Mentor')} Das`;
  await expectOk(await context.request.post('/api/volunteer-application', { data: applicationBody({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` }) }), 'apply');
  const ticket = await context.request.post('/api/objects/upload');
  await expectOk(ticket, 'upload ticket');
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  await expectOk(await context.request.put(uploadURL, { data: await makeJpeg({ width: 300, height: 400 }), headers: { 'Content-Type': 'image/jpeg' } }), 'upload');
  const registered = await context.request.put('/api/profile-photos', { data: { photoURL: uploadURL } });
  await expectOk(registered, 'register photo');
  const { objectPath } = (await registered.json()) as { objectPath: string };
  await expectOk(await context.request.patch('/api/volunteer-profile', { data: { photo: objectPath } }), 'volunteer photo');
  const admin = await adminContext(browser);
  opened.push(admin);
  const listed = await admin.request.get(`/api/admin/volunteer-applications?q=${encodeURIComponent(name)}`);
  const [application] = (await listed.json()) as { id: string }[];
  await expectOk(await admin.request.patch(`/api/admin/volunteer-applications/${application!.id}`, { data: { approved: true } }), 'approve');
  return application!;
}

test('Guidance and the landing are honest about mentors: none listed, they say so and invite volunteers; once one is, they lead to Guidance', async ({ browser }) => {
  test.setTimeout(120_000);
  // Start from no listed mentor: the approvals other specs made on this server are lifted for the test and put back.
  const admin = await adminContext(browser);
  opened.push(admin);
  const approved = (await (await admin.request.get('/api/admin/volunteer-applications?status=approved&limit=100')).json()) as { id: string }[];
  const approve = async (id: string, value: boolean) => expectOk(await admin.request.patch(`/api/admin/volunteer-applications/${id}`, { data: { approved: value } }), 'approval');
  for (const { id } of approved) await approve(id, false);
  try {
    for (const language of ['en', 'es'] as const) {
      const text = TEXT[language];
      const visitor = await browser.newContext();
      opened.push(visitor);
      await visitor.addCookies([{ name: 'sanga_language', value: language, url: test.info().project.use.baseURL! }]);
      await visitor.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
      const page = await visitor.newPage();
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/guidance');
      await expect(page.getByText(text.noMentors)).toBeVisible();
      await expect(page.getByRole('link', { name: text.apply }).first()).toHaveAttribute('href', '/volunteer-apply');
      await checkScreen(page);
      await page.goto('/');
      await expect(page.getByRole('link', { name: text.meet })).toHaveCount(0);
      await expect(page.getByRole('link', { name: text.volunteer })).toHaveAttribute('href', '/volunteer-apply');
    }
    const mentor = await listedMentor(browser);
    const page = await (await browser.newContext()).newPage();
    opened.push(page.context());
    await page.goto('/');
    await expect(page.getByRole('link', { name: TEXT.en.meet })).toHaveAttribute('href', '/guidance');
    await expect(page.getByRole('link', { name: TEXT.en.volunteer })).toHaveCount(0);
    await approve(mentor.id, false);
  } finally {
    for (const { id } of approved) await approve(id, true);
  }
});
