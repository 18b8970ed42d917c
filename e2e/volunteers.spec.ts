import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { makeJpeg, uniqueSuffix, validProfileInput } from '#server/test/fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpThroughUi, switchPageToSpanish, uniqueFirstName } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/** The one toast on screen (spec: at most one at a time). */
function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications|Notificaciones/ });
}

/** A name no other test (or spec file) uses, so lists shared by the whole run can be searched. */
function uniqueName(first: string): string {
  return `${first} ${uniqueSuffix()} Das`;
}

/** Everything the journey reads and clicks, in one language. */
interface Text {
  apply: {
    title: string;
    name: string;
    email: string;
    birthYear: string;
    contribution: string;
    background: string;
    freeOfferings: string;
    paidServices: string;
    donationInfo: string;
    minimumDonation: string;
    agreement: string;
    submit: string;
    errors: { name: string; email: string; contribution: string; background: string; agreement: string };
    submittedTitle: string;
    submitted: string;
    addPhoto: string;
    home: string;
  };
  profile: { title: string; pending: string; approved: string; upload: string; replace: string; photoUpdated: string; photoAlt: string; agreement: RegExp };
  admin: {
    loginTitle: string;
    password: string;
    access: string;
    deniedTitle: string;
    denied: string;
    dashboard: string;
    volunteersHeading: RegExp;
    profilesHeading: RegExp;
    partnerHeading: RegExp;
    approve: string;
    remove: string;
    successTitle: string;
    statusUpdated: string;
    submittedWord: RegExp;
    agreement: RegExp;
    logout: string;
  };
  guidance: {
    title: string;
    support: string;
    getStarted: string;
    sendMessage: string;
    yourProfile: string;
    minimum: (amount: string) => string;
  };
}

const english: Text = {
  apply: {
    title: 'Become a Volunteer',
    name: 'Full name',
    email: 'Email',
    birthYear: 'Birth year (optional)',
    contribution: 'What you offer',
    background: 'Your background',
    freeOfferings: 'Free offerings (optional)',
    paidServices: 'Paid services (optional)',
    donationInfo: 'How people can support you (optional)',
    minimumDonation: 'Suggested minimum donation (optional)',
    agreement: 'I agree to the volunteer terms',
    submit: 'Submit Application',
    errors: {
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      contribution: 'Please describe what you offer (at least 10 characters)',
      background: 'Please share more about your background (at least 20 characters)',
      agreement: 'You must agree to the volunteer terms',
    },
    submittedTitle: 'Application Submitted!',
    submitted: "Thank you for applying to be a volunteer. We'll review your application and be in touch soon.",
    addPhoto: 'Add Photo to Your Profile',
    home: 'Back to Home',
  },
  profile: {
    title: 'My Volunteer Profile',
    pending: 'Pending Review',
    approved: 'Approved',
    upload: 'Upload Photo',
    replace: 'Replace Photo',
    photoUpdated: 'Photo Updated Successfully',
    photoAlt: 'Your volunteer photo',
    agreement: /^You agreed to the volunteer terms \(version 2\) on [A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)\.$/,
  },
  admin: {
    loginTitle: 'Admin Access',
    password: 'Admin password',
    access: 'Access Dashboard',
    deniedTitle: 'Access Denied',
    denied: 'Invalid password',
    dashboard: 'Admin Dashboard',
    volunteersHeading: /^Volunteer Applications \(\d+\)$/,
    profilesHeading: /^User Profiles \(\d+\)$/,
    partnerHeading: /^Partner Applications \(Legacy\) \(\d+\)$/,
    approve: 'Approve for Guidance Page',
    remove: 'Remove from Guidance Page',
    successTitle: 'Success',
    statusUpdated: 'Volunteer status updated',
    submittedWord: /^[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/,
    agreement: /^Agreed on [A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM) \(policy version 2\)$/,
    logout: 'Logout',
  },
  guidance: {
    title: 'Guidance and Mentorship',
    support: 'How to Support',
    getStarted: 'Get Started',
    sendMessage: 'Send Message',
    yourProfile: 'Your Profile',
    minimum: (amount) => `Suggested minimum: ${amount}`,
  },
};

const spanish: Text = {
  apply: {
    title: 'Únete al voluntariado',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    birthYear: 'Año de nacimiento (opcional)',
    contribution: 'Lo que ofreces',
    background: 'Tu trayectoria',
    freeOfferings: 'Ofrecimientos gratuitos (opcional)',
    paidServices: 'Servicios de pago (opcional)',
    donationInfo: 'Cómo pueden apoyarte (opcional)',
    minimumDonation: 'Donativo mínimo sugerido (opcional)',
    agreement: 'Acepto las condiciones para voluntarios',
    submit: 'Enviar solicitud',
    errors: {
      name: 'El nombre debe tener al menos 2 caracteres',
      email: 'Correo electrónico no válido',
      contribution: 'Describe lo que ofreces (al menos 10 caracteres)',
      background: 'Cuéntanos más sobre tu trayectoria (al menos 20 caracteres)',
      agreement: 'Debes aceptar las condiciones para voluntarios',
    },
    submittedTitle: '¡Solicitud enviada!',
    submitted: 'Gracias por postularte al voluntariado. Revisaremos tu solicitud y nos pondremos en contacto contigo pronto.',
    addPhoto: 'Añadir foto a tu perfil',
    home: 'Volver al inicio',
  },
  profile: {
    title: 'Mi perfil de voluntariado',
    pending: 'Pendiente de revisión',
    approved: 'Aprobada',
    upload: 'Subir foto',
    replace: 'Cambiar foto',
    photoUpdated: 'Foto actualizada correctamente',
    photoAlt: 'Tu foto de voluntariado',
    agreement: /^Aceptaste las condiciones para voluntarios \(versión 2\) el \d{1,2} [a-z]{3,4} \d{4}, \d{2}:\d{2}\.$/,
  },
  admin: {
    loginTitle: 'Acceso de administración',
    password: 'Contraseña de administración',
    access: 'Acceder al panel',
    deniedTitle: 'Acceso denegado',
    denied: 'Contraseña no válida',
    dashboard: 'Panel de administración',
    volunteersHeading: /^Solicitudes de voluntariado \(\d+\)$/,
    profilesHeading: /^Perfiles de usuario \(\d+\)$/,
    partnerHeading: /^Solicitudes de pareja \(antiguas\) \(\d+\)$/,
    approve: 'Aprobar para la página de Orientación',
    remove: 'Quitar de la página de Orientación',
    successTitle: 'Éxito',
    statusUpdated: 'Estado de la solicitud de voluntariado actualizado',
    // Spanish dates read as Spanish does: "22 nov 2026, 14:02".
    submittedWord: /^\d{1,2} [a-z]{3,4} \d{4}, \d{2}:\d{2}$/,
    agreement: /^Aceptado el \d{1,2} [a-z]{3,4} \d{4}, \d{2}:\d{2} \(versión de la política 2\)$/,
    logout: 'Cerrar sesión',
  },
  guidance: {
    title: 'Orientación y mentoría',
    support: 'Cómo apoyar',
    getStarted: 'Comenzar',
    sendMessage: 'Enviar mensaje',
    yourProfile: 'Tu perfil',
    minimum: (amount) => `Mínimo sugerido: ${amount}`,
  },
};

interface Application {
  name: string;
  email: string;
  birthYear: string;
  contribution: string;
  background: string;
  freeOfferings: string;
  paidServices: string;
  donationInfo: string;
  minimumDonation: string;
}

function applicationFor(name: string): Application {
  return {
    name,
    email: `${name.split(' ')[1]}@example.com`,
    birthYear: '1975',
    contribution: 'Marriage mentoring and kirtan',
    background: 'Twenty years of temple service and family counselling.\n\nI lead a weekly study group for young couples.',
    freeOfferings: 'Weekly satsang for couples',
    paidServices: 'Premarital consultations',
    donationInfo: 'Donations go to the temple kitchen.',
    minimumDonation: '$20 per session',
  };
}

/** /volunteer-apply: the empty form's messages, then a complete application, then the confirmation. */
async function applyAsVolunteer(page: Page, text: Text, values: Application) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.apply.title);
  // The email is prefilled from the account; an invalid one is refused too.
  await field(text.apply.email).fill('not-an-email');
  await page.getByRole('button', { name: text.apply.submit }).click();
  for (const message of Object.values(text.apply.errors)) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(field(text.apply.name)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(text.apply.name)).toBeFocused();

  await field(text.apply.name).fill(values.name);
  await field(text.apply.email).fill(values.email);
  await field(text.apply.birthYear).fill(values.birthYear);
  await field(text.apply.contribution).fill(values.contribution);
  await field(text.apply.background).fill(values.background);
  await field(text.apply.freeOfferings).fill(values.freeOfferings);
  await field(text.apply.paidServices).fill(values.paidServices);
  await field(text.apply.donationInfo).fill(values.donationInfo);
  await field(text.apply.minimumDonation).fill(values.minimumDonation);
  await field(text.apply.agreement).check();
  await page.getByRole('button', { name: text.apply.submit }).click();

  await expect(toastRegion(page)).toContainText(text.apply.submittedTitle);
  await expect(toastRegion(page)).toContainText(text.apply.submitted);
  await expect(page.getByRole('heading', { level: 2, name: text.apply.submittedTitle })).toBeFocused();
  await expect(page.getByRole('button', { name: text.apply.submit })).toHaveCount(0);
  await expect(page.getByRole('link', { name: text.apply.home })).toHaveAttribute('href', '/');
}

/** From the confirmation to /volunteer-profile, then a photo through the upload flow. */
async function addVolunteerPhoto(page: Page, text: Text, values: Application) {
  await page.getByRole('link', { name: text.apply.addPhoto }).click();
  await expect(page).toHaveURL(/\/volunteer-profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.profile.title);
  await expect(page.getByTestId('volunteer-status')).toHaveText(text.profile.pending);
  const main = page.getByRole('main');
  await expect(main.getByText(values.email, { exact: true })).toBeVisible();
  await expect(main.getByText(values.birthYear, { exact: true })).toBeVisible();
  await expect(main.getByText(values.minimumDonation, { exact: true })).toBeVisible();
  // The revenue-share agreement is its own fact, in the reader's language, not a sentence in the background.
  await expect(page.getByTestId('volunteer-agreement')).toHaveText(text.profile.agreement);
  await expect(main.getByText('Partnership agreement', { exact: false })).toHaveCount(0);

  await page.getByLabel(text.profile.upload, { exact: true }).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 120, height: 120 }) });
  await expect(toastRegion(page)).toContainText(text.profile.photoUpdated);
  const photo = page.getByRole('img', { name: text.profile.photoAlt });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByLabel(text.profile.replace, { exact: true })).toBeAttached();
  await expect(page.getByTestId('volunteer-status')).toHaveText(text.profile.pending);
}

async function adminSignIn(page: Page, text: Text) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.admin.loginTitle);
  await page.getByLabel(text.admin.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: text.admin.access }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.admin.dashboard);
  expect(await page.evaluate(() => sessionStorage.getItem('sanga-admin-auth'))).toBe('true');
}

function applicationCard(page: Page, name: string): Locator {
  return page.getByTestId('volunteer-application').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function approveInDashboard(page: Page, text: Text, name: string) {
  await expect(page.getByRole('heading', { level: 2, name: text.admin.volunteersHeading })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.admin.profilesHeading })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.admin.partnerHeading })).toBeVisible();
  const card = applicationCard(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByText(text.profile.pending, { exact: true })).toBeVisible();
  await expect(card.getByText(text.admin.submittedWord)).toBeVisible();
  await expect(card.getByText(text.admin.agreement)).toBeVisible();
  await expect(card.getByText('Partnership agreement', { exact: false })).toHaveCount(0);
  await card.getByRole('button', { name: text.admin.approve }).click();
  await expect(toastRegion(page)).toContainText(text.admin.successTitle);
  await expect(toastRegion(page)).toContainText(text.admin.statusUpdated);
  await expect(card.getByRole('button', { name: text.admin.remove })).toBeVisible();
  await expect(card.getByText(text.profile.approved, { exact: true })).toBeVisible();
}

function guidanceCard(page: Page, name: string): Locator {
  return page.getByTestId('volunteer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function newPage(browser: Browser, language: 'en' | 'es' = 'en'): Promise<Page> {
  const context = await browser.newContext();
  if (language === 'es') await context.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  return context.newPage();
}

async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test('a volunteer applies, adds a photo, is approved by the admin, and appears on Guidance for every kind of viewer', async ({ page, browser }) => {
  test.slow();
  const text = english;
  const values = applicationFor(uniqueName('Gopal'));

  await signUpThroughUi(page);
  const volunteerUserId = await userIdOf(page);
  await page.goto('/volunteer-apply');
  await applyAsVolunteer(page, text, values);
  await addVolunteerPhoto(page, text, values);

  // The admin, in another browser: /admin without the flag goes to /admin-login; a wrong password first.
  const admin = await newPage(browser);
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin-login$/);
  await admin.getByLabel(text.admin.password, { exact: true }).fill('not the password');
  await admin.getByRole('button', { name: text.admin.access }).click();
  await expect(toastRegion(admin)).toContainText(text.admin.deniedTitle);
  await expect(toastRegion(admin)).toContainText(text.admin.denied);
  await expect(admin).toHaveURL(/\/admin-login$/);
  await adminSignIn(admin, text);
  await approveInDashboard(admin, text, values.name);

  // A signed-out visitor: the card, with Get Started.
  const visitor = await newPage(browser);
  await visitor.goto('/guidance');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(text.guidance.title);
  await expect(visitor.getByRole('link', { name: 'Read the Donation Guide' })).toHaveAttribute('href', '/donation-guide');
  const visitorCard = guidanceCard(visitor, values.name);
  await expect(visitorCard).toBeVisible();
  await expect(visitorCard.getByRole('img', { name: values.name })).toBeVisible();
  await expect(visitorCard.getByText(values.contribution, { exact: true })).toBeVisible();
  await expect(visitorCard.getByText(text.guidance.support)).toBeVisible();
  await expect(visitorCard.getByText(text.guidance.minimum(values.minimumDonation))).toBeVisible();
  await expect(visitorCard.getByText(values.donationInfo)).toBeVisible();
  await expect(visitorCard.getByRole('link', { name: text.guidance.getStarted })).toHaveAttribute('href', '/api/login');
  await expect(visitorCard.getByRole('link', { name: text.guidance.sendMessage })).toHaveCount(0);
  // The agreement stays off the public card.
  await expect(visitorCard.getByText(/Partnership agreement|Volunteer terms|revenue sharing/i)).toHaveCount(0);
  // Nobody's email is on the public page.
  await expect(visitor.getByText(values.email)).toHaveCount(0);

  // Another signed-in user: Send Message to the volunteer's user.
  const other = await newPage(browser);
  await signUpThroughUi(other);
  await other.goto('/guidance');
  const otherCard = guidanceCard(other, values.name);
  await expect(otherCard.getByRole('link', { name: text.guidance.sendMessage })).toHaveAttribute('href', `/conversation/${volunteerUserId}`);
  await expect(otherCard.getByRole('link', { name: text.guidance.getStarted })).toHaveCount(0);

  // The volunteer: their own card has the disabled Your Profile button.
  await page.goto('/guidance');
  const ownCard = guidanceCard(page, values.name);
  await expect(ownCard.getByRole('button', { name: text.guidance.yourProfile })).toBeDisabled();
  await expect(ownCard.getByRole('link', { name: text.guidance.sendMessage })).toHaveCount(0);
  await page.goto('/volunteer-profile');
  await expect(page.getByTestId('volunteer-status')).toHaveText(text.profile.approved);

  // The admin takes the card off Guidance again.
  await applicationCard(admin, values.name).getByRole('button', { name: text.admin.remove }).click();
  await expect(applicationCard(admin, values.name).getByRole('button', { name: text.admin.approve })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(text.guidance.title);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Meet Our Volunteers' })).toBeVisible();
  await expect(guidanceCard(visitor, values.name)).toHaveCount(0);

  // Logout clears the flag and goes home; /admin then asks for the password again.
  await admin.getByRole('button', { name: text.admin.logout }).click();
  await expect(admin).toHaveURL(/\/$/);
  expect(await admin.evaluate(() => sessionStorage.getItem('sanga-admin-auth'))).toBeNull();
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin-login$/);
});

test('the same journey in Spanish: form messages, confirmation, admin dashboard and the Guidance card', async ({ page, browser }) => {
  test.slow();
  const text = spanish;
  const values = applicationFor(uniqueName('Lakshmi'));

  await signUpThroughUi(page);
  await page.goto('/volunteer-apply');
  await switchPageToSpanish(page);
  await applyAsVolunteer(page, text, values);
  await addVolunteerPhoto(page, text, values);

  const admin = await newPage(browser, 'es');
  await admin.goto('/admin-login');
  await adminSignIn(admin, text);
  await approveInDashboard(admin, text, values.name);

  const visitor = await newPage(browser, 'es');
  await visitor.goto('/guidance');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(text.guidance.title);
  const card = guidanceCard(visitor, values.name);
  await expect(card.getByText(text.guidance.support)).toBeVisible();
  await expect(card.getByText(text.guidance.minimum(values.minimumDonation))).toBeVisible();
  await expect(card.getByRole('link', { name: text.guidance.getStarted })).toHaveAttribute('href', '/api/login');
  // The background was sent with the Spanish labels of the offerings.
  await expect(card.getByText(/Ofrecimientos gratuitos: Weekly satsang for couples/)).toBeAttached();
  await expect(card.getByText(/Partnership agreement|Volunteer terms|condiciones para voluntarios|reparto de ingresos/i)).toHaveCount(0);

  await page.goto('/guidance');
  await expect(guidanceCard(page, values.name).getByRole('button', { name: text.guidance.yourProfile })).toBeDisabled();
});

test('signed-out visitors are asked to sign in on the volunteer screens', async ({ page }) => {
  await page.goto('/volunteer-apply');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login?returnTo=%2Fvolunteer-apply');
  await page.goto('/volunteer-profile');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login?returnTo=%2Fvolunteer-profile');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fvolunteer-profile/);
});

test('a signed-in user without an application sees No Volunteer Application with Apply', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/volunteer-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Volunteer Application');
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/\/volunteer-apply$/);
});

test('a new application starts from the name on the profile', async ({ browser }) => {
  const person = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Radha'), language: 'es' });
  const page = person.page;
  await page.goto('/volunteer-apply');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanish.apply.title);
  // createPersonThroughApi saves the profile as "<first name> Devi".
  await expect(page.getByLabel(spanish.apply.name, { exact: true })).toHaveValue(`${person.firstName} Devi`);
  await person.context.close();
});

test('a stale admin flag without the server session goes back to /admin-login', async ({ page }) => {
  await page.goto('/admin-login');
  await page.evaluate(() => sessionStorage.setItem('sanga-admin-auth', 'true'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(toastRegion(page)).toContainText('Your admin session has ended');
  expect(await page.evaluate(() => sessionStorage.getItem('sanga-admin-auth'))).toBeNull();
});

test('the volunteer and admin screens have no serious accessibility violation and fit a 375 px phone', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/guidance', '/admin-login', '/volunteer-apply']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);
  }

  await signUpThroughUi(page);
  await page.goto('/volunteer-apply');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await page.goto('/guidance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guidance and Mentorship');
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);

  // A matchmaking profile (made through the API) for the admin's User Profiles section.
  const profileName = uniqueName('Sita');
  const created = await page.request.post('/api/profile', { data: validProfileInput({ name: profileName }) });
  expect(created.ok()).toBe(true);

  const admin = await newPage(browser);
  await admin.setViewportSize({ width: 375, height: 740 });
  await admin.goto('/admin-login');
  await adminSignIn(admin, english);
  await expect(admin.getByRole('heading', { level: 2, name: english.admin.volunteersHeading })).toBeVisible();
  const profileCard = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: profileName, exact: true }) });
  await expect(profileCard).toContainText('Incomplete');
  await expect(profileCard).toContainText('Woman');
  await expect(profileCard).toContainText('Austin, Texas, USA');
  await expect(profileCard).toContainText('ISKCON');
  await expect(profileCard.getByText(/^\d{2}$/)).toBeVisible(); // the age
  await expect(profileCard.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible(); // created
  await expectNoSeriousA11yViolations(admin);
  await expectNoHorizontalScroll(admin);
  await switchPageToSpanish(admin);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(spanish.admin.dashboard);
  await expect(admin.getByRole('heading', { level: 2, name: spanish.admin.volunteersHeading })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
});
