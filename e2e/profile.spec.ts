import { expect, test, type Page } from './fixtures';
import { makeJpeg } from '#server/test/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpThroughUi, switchPageToSpanish } from './helpers';

/** A real JPEG of one colour, made at test time (no binaries in the repository). */
const jpeg = (color: string, width = 600, height = 800) => makeJpeg({ color, width, height });

/** Everything the flow reads and clicks, in one language. */
interface FlowText {
  title: string;
  bannerNone: string;
  bannerIncomplete: string;
  bannerReady: string;
  bannerActive: string;
  fields: {
    name: string;
    gender: string;
    dateOfBirth: string;
    dateOfBirthHint: string;
    location: string;
    community: string;
    languages: string;
    about: string;
    minAge: string;
    maxAge: string;
    ageFlexibility: string;
    relocation: string;
    courtship: string;
    diet: string;
    dealMakers: string;
    dealBreakers: string;
    consultation: RegExp;
    maritalHistory: string;
  };
  sections: [string, string, string, string, string];
  options: { gender: string; ageFlexibility: string; relocation: string; courtship: string; diet: string; consultation: string; maritalHistory: string };
  create: string;
  update: string;
  successTitle: string;
  created: string;
  photosTitle: string;
  count: (n: number) => string;
  upload: (n: number) => string;
  remove: (n: number) => string;
  photoAlt: (n: number) => string;
  uploaded: string;
  save: string;
  saved: string;
  back: string;
  activate: string;
  activated: string;
  preview: string;
  previewTitle: string;
  previewFirstNameOnly: (firstName: string) => string;
  previewSections: string[];
  consultationBadge: string;
  scoresNote: string;
  edit: string;
  matches: string;
  updated: string;
  deactivate: string;
  deactivated: string;
}

const english: FlowText = {
  title: 'My Matchmaking Profile',
  bannerNone: 'Create your profile',
  bannerIncomplete: 'Your profile is incomplete',
  bannerReady: 'Ready to publish',
  bannerActive: 'Your profile is active',
  fields: {
    name: 'Full name',
    gender: 'Gender',
    dateOfBirth: 'Date of birth',
    dateOfBirthHint: 'Private: used only for age matching',
    location: 'Location',
    community: 'Community affiliation',
    languages: 'Languages spoken (optional)',
    about: 'About you',
    minAge: 'Minimum age',
    maxAge: 'Maximum age',
    ageFlexibility: 'Age flexibility',
    relocation: 'Relocation',
    courtship: 'Courtship approach',
    diet: 'Diet and lifestyle',
    dealMakers: 'Your top 3 deal-makers',
    dealBreakers: 'Your top 3 deal-breakers',
    consultation: /marriage readiness consultation/,
    maritalHistory: 'Marital history',
  },
  sections: ['About You', 'Family and Background', 'Spiritual Practice', 'Compatibility Basics', 'Next Steps'],
  options: {
    gender: 'Woman',
    ageFlexibility: 'Preferred',
    relocation: 'Open to discuss',
    courtship: 'One-to-one preferred',
    diet: 'Vegetarian, flexible',
    consultation: 'Yes',
    maritalHistory: 'Never married',
  },
  create: 'Create Profile',
  update: 'Update Profile',
  successTitle: 'Success!',
  created: 'Your profile has been created. Now add your photos!',
  photosTitle: 'My Photos',
  count: (n) => `${n}/2 photos`,
  upload: (n) => `Upload Photo ${n}`,
  remove: (n) => `Remove Photo ${n}`,
  photoAlt: (n) => `Your photo ${n}`,
  uploaded: 'Photo uploaded',
  save: 'Save Photos',
  saved: 'Photos Updated!',
  back: 'Back to Profile',
  activate: 'Activate Profile',
  activated: 'Profile Activated!',
  preview: 'Preview Profile',
  previewTitle: 'Profile Preview',
  previewFirstNameOnly: (firstName) => `Matches see your first name only, ${firstName}: your full name stays private.`,
  previewSections: ['About Me', 'Location & Community', 'Lifestyle Preferences', 'Deal-Makers', 'Deal-Breakers', 'Marriage Readiness'],
  consultationBadge: 'Interested',
  scoresNote: 'Compatibility scores are calculated for each match',
  edit: 'Edit Profile',
  matches: 'View My Matches',
  updated: 'Your profile has been updated',
  deactivate: 'Deactivate',
  deactivated: 'Profile Deactivated',
};

const spanish: FlowText = {
  title: 'Mi perfil para encontrar pareja',
  bannerNone: 'Crea tu perfil',
  bannerIncomplete: 'Tu perfil está incompleto',
  bannerReady: 'Listo para publicar',
  bannerActive: 'Tu perfil está activo',
  fields: {
    name: 'Nombre completo',
    gender: 'Género',
    dateOfBirth: 'Fecha de nacimiento',
    dateOfBirthHint: 'Privada: se usa solo para buscar coincidencias por edad',
    location: 'Ubicación',
    community: 'Afiliación comunitaria',
    languages: 'Idiomas que hablas (opcional)',
    about: 'Cuéntanos sobre ti',
    minAge: 'Edad mínima',
    maxAge: 'Edad máxima',
    ageFlexibility: 'Flexibilidad de edad',
    relocation: 'Mudanza',
    courtship: 'Forma de noviazgo',
    diet: 'Alimentación y estilo de vida',
    dealMakers: 'Las 3 cosas que más valoras',
    dealBreakers: 'Tus 3 principales motivos para descartar',
    consultation: /preparación para el matrimonio/,
    maritalHistory: 'Estado civil',
  },
  sections: ['Sobre ti', 'Familia y datos personales', 'Práctica espiritual', 'Bases de compatibilidad', 'Próximos pasos'],
  options: {
    gender: 'Hombre',
    ageFlexibility: 'Estricta',
    relocation: 'Yo me mudaría',
    courtship: 'Rotativo, preferido',
    diet: 'Sátvica estricta',
    consultation: 'Quizás más adelante',
    maritalHistory: 'Soltero/a',
  },
  create: 'Crear perfil',
  update: 'Actualizar perfil',
  successTitle: '¡Listo!',
  created: 'Tu perfil se ha creado. ¡Ahora agrega tus fotos!',
  photosTitle: 'Mis fotos',
  count: (n) => `${n}/2 fotos`,
  upload: (n) => `Subir foto ${n}`,
  remove: (n) => `Quitar foto ${n}`,
  photoAlt: (n) => `Tu foto ${n}`,
  uploaded: 'Foto subida',
  save: 'Guardar fotos',
  saved: '¡Fotos actualizadas!',
  back: 'Volver al perfil',
  activate: 'Activar perfil',
  activated: '¡Perfil activado!',
  preview: 'Vista previa del perfil',
  previewTitle: 'Vista previa del perfil',
  previewFirstNameOnly: (firstName) => `Tus coincidencias solo ven tu nombre de pila, ${firstName}: tu nombre completo queda en privado.`,
  previewSections: [
    'Sobre mí',
    'Ubicación y comunidad',
    'Preferencias de estilo de vida',
    'Lo que más valoro',
    'Motivos para descartar',
    'Preparación para el matrimonio',
  ],
  consultationBadge: 'Quizás más adelante',
  scoresNote: 'La compatibilidad se calcula para cada coincidencia',
  edit: 'Editar perfil',
  matches: 'Ver mis coincidencias',
  updated: 'Tu perfil se ha actualizado',
  deactivate: 'Desactivar',
  deactivated: 'Perfil desactivado',
};

interface ProfileAnswers {
  name: string;
  dateOfBirth: string;
  age: number;
  location: string;
  community: string;
  languages: string;
  about: string;
  dealMakers: string;
  dealBreakers: string;
}

/** A date of birth `years` years and a few days ago, as YYYY-MM-DD, so the age is exact. */
function birthDateYearsAgo(years: number): string {
  const date = new Date();
  date.setDate(date.getDate() - 10);
  date.setFullYear(date.getFullYear() - years);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function answers(name: string, age: number): ProfileAnswers {
  return {
    name,
    dateOfBirth: birthDateYearsAgo(age),
    age,
    location: 'Austin, Texas, USA',
    community: 'ISKCON',
    languages: 'English, Spanish',
    about: 'I practise bhakti yoga daily, love cooking for friends, and hope to build a family grounded in service.',
    dealMakers: 'Kindness, a steady spiritual practice, humour',
    dealBreakers: 'Smoking, dishonesty, no interest in family',
  };
}

async function fillProfileForm(page: Page, text: FlowText, values: ProfileAnswers) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(text.fields.name).fill(values.name);
  await page.getByRole('group', { name: text.fields.gender }).getByLabel(text.options.gender, { exact: true }).check();
  await field(text.fields.dateOfBirth).fill(values.dateOfBirth);
  await field(text.fields.location).fill(values.location);
  await field(text.fields.community).fill(values.community);
  await field(text.fields.languages).fill(values.languages);
  await field(text.fields.about).fill(values.about);
  await field(text.fields.maritalHistory).selectOption({ label: text.options.maritalHistory });
  await expect(field(text.fields.minAge)).toHaveValue('18');
  await expect(field(text.fields.maxAge)).toHaveValue('99');
  await field(text.fields.minAge).fill('25');
  await field(text.fields.maxAge).fill('40');
  // The spec's default is there and chosen; the member picks her own, each option saying what it does.
  const flexibility = page.getByRole('group', { name: text.fields.ageFlexibility });
  await expect(flexibility.getByRole('radio')).toHaveCount(3);
  await flexibility.getByLabel(text.options.ageFlexibility, { exact: true }).check();
  await field(text.fields.relocation).selectOption({ label: text.options.relocation });
  await field(text.fields.courtship).selectOption({ label: text.options.courtship });
  await field(text.fields.diet).selectOption({ label: text.options.diet });
  await field(text.fields.dealMakers).fill(values.dealMakers);
  await field(text.fields.dealBreakers).fill(values.dealBreakers);
  await page.getByRole('group', { name: text.fields.consultation }).getByLabel(text.options.consultation, { exact: true }).check();
}

/** The one toast on screen (spec: at most one at a time). */
function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications|Notificaciones/ });
}

async function runFullFlow(page: Page, text: FlowText, values: ProfileAnswers) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
  await expect(page.getByRole('heading', { name: text.bannerNone })).toBeVisible();
  for (const section of text.sections) await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  await expect(page.getByText(text.fields.dateOfBirthHint)).toBeVisible();
  // No profile yet: no preview button.
  await expect(page.getByRole('link', { name: text.preview })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await fillProfileForm(page, text, values);
  await page.getByRole('button', { name: text.create }).click();
  await expect(toastRegion(page)).toContainText(text.successTitle);
  await expect(toastRegion(page)).toContainText(text.created);
  // 1.5 s after the first save, the photos page.
  await expect(page).toHaveURL(/\/profile\/photos$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.photosTitle);
  await expect(page.getByText(text.count(0), { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(text.upload(1), { exact: true }).setInputFiles({ name: 'one.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c2570c') });
  await expect(page.getByRole('img', { name: text.photoAlt(1) })).toBeVisible();
  await expect(toastRegion(page)).toContainText(text.uploaded);
  await expect(page.getByText(text.count(1), { exact: true })).toBeVisible();
  await page.getByLabel(text.upload(2), { exact: true }).setInputFiles({ name: 'two.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#336699') });
  await expect(page.getByRole('img', { name: text.photoAlt(2) })).toBeVisible();
  await expect(page.getByText(text.count(2), { exact: true })).toBeVisible();
  // The served photos really load (the owner may see them).
  for (const n of [1, 2]) {
    await expect
      .poll(() => page.getByRole('img', { name: text.photoAlt(n) }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await expect(page.getByRole('button', { name: text.remove(1) })).toBeVisible();
  await page.getByRole('button', { name: text.save }).click();
  await expect(toastRegion(page)).toContainText(text.saved);

  // Saved, the member is back on the profile, at the step that comes next: publish it.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: text.bannerReady })).toBeInViewport();
  await expect(page.getByRole('button', { name: text.activate })).toBeInViewport();
  await expect(page.getByRole('button', { name: text.update })).toBeVisible();
  // The saved answers come back into the form.
  await expect(page.getByLabel(text.fields.name, { exact: true })).toHaveValue(values.name);
  await expect(page.getByLabel(text.fields.maxAge, { exact: true })).toHaveValue('40');
  await page.getByRole('button', { name: text.activate }).click();
  await expect(toastRegion(page)).toContainText(text.activated);
  await expect(page.getByRole('heading', { name: text.bannerActive })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: text.preview }).click();
  await expect(page).toHaveURL(/\/profile\/preview$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.previewTitle);
  // What matches see: the first name only, and the page says so.
  const shownFirstName = values.name.split(' ')[0]!;
  await expect(page.getByRole('heading', { level: 2, name: `${shownFirstName}, ${values.age}` })).toBeVisible();
  await expect(page.getByTestId('preview-name-note')).toHaveText(text.previewFirstNameOnly(shownFirstName));
  await expect(page.getByRole('main').getByText(values.name, { exact: true })).toHaveCount(0);
  for (const section of text.previewSections) await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(values.location).first()).toBeVisible();
  await expect(main.getByText(values.about)).toBeVisible();
  await expect(main.getByText(values.dealMakers)).toBeVisible();
  await expect(main.getByText(values.dealBreakers)).toBeVisible();
  await expect(main.getByText(values.community)).toBeVisible();
  await expect(main.getByText(values.languages)).toBeVisible();
  await expect(main.getByText(text.options.relocation, { exact: true })).toBeVisible();
  await expect(main.getByText(text.options.courtship, { exact: true })).toBeVisible();
  await expect(main.getByText(text.options.diet, { exact: true })).toBeVisible();
  await expect(main.getByText(text.consultationBadge, { exact: true })).toBeVisible();
  await expect(main.getByText(text.scoresNote)).toBeVisible();
  await expect(main.getByRole('img')).toHaveCount(2);
  // The date of birth is private: never shown on the preview.
  await expect(main.getByText(values.dateOfBirth)).toHaveCount(0);
  await expect(page.getByRole('link', { name: text.edit })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('link', { name: text.matches })).toHaveAttribute('href', '/browse');
  await expectNoSeriousA11yViolations(page);

  // Editing an existing profile updates it in place; then the profile can be hidden again.
  await page.getByRole('link', { name: text.edit }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel(text.fields.community, { exact: true }).fill(`${values.community} Austin`);
  await page.getByRole('button', { name: text.update }).click();
  await expect(toastRegion(page)).toContainText(text.updated);
  await page.waitForTimeout(1800);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: text.deactivate, exact: true }).click();
  await expect(toastRegion(page)).toContainText(text.deactivated);
  await expect(page.getByRole('heading', { name: text.bannerReady })).toBeVisible();
  await page.getByRole('link', { name: text.preview }).click();
  await expect(page.getByRole('main').getByText(`${values.community} Austin`)).toBeVisible();
}

test('a new user creates a profile, adds two photos, activates it and sees the preview, in English', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  await runFullFlow(page, english, answers('Radha Devi', 29));
});

test('a new user creates a profile, adds two photos, activates it and sees the preview, in Spanish', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  await switchPageToSpanish(page);
  await runFullFlow(page, spanish, answers('Govinda Das', 34));
});

test('the profile form shows the rules in the current language before calling the server', async ({ page }) => {
  await signUpThroughUi(page);
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/profile') posted = true;
  });
  await page.getByRole('button', { name: 'Create Profile' }).click();
  for (const message of [
    'Name is required',
    'Please select your gender',
    'Date of birth is required for age matching',
    'Please enter city, state/region, and country',
    'Please select relocation preference',
    'Community affiliation is required',
    'Please select courtship preference',
    'Please select diet preference',
    'Please list your top 3 deal-breakers',
    'Please list your top 3 deal-makers',
    'Please share more about yourself',
    'Please select an option',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const name = page.getByLabel('Full name', { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  // Corrected, a field's message goes at once (the sections read the form's errors themselves: profile-form.tsx).
  await name.fill('Radha');
  await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please select your gender', { exact: true })).toBeVisible();
  await page.getByLabel('Minimum age', { exact: true }).fill('50');
  await page.getByLabel('Maximum age', { exact: true }).fill('30');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('Minimum age must be less than or equal to maximum age')).toBeVisible();
  // An over-long text says the limit.
  const about = page.getByLabel('About you', { exact: true });
  await about.fill('x'.repeat(2001));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('At most 2,000 characters', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await switchPageToSpanish(page);
  await page.getByRole('button', { name: 'Crear perfil' }).click();
  await expect(page.getByText('El nombre es obligatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('Cuéntanos más sobre ti', { exact: true })).toBeVisible();
  await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(birthDateYearsAgo(16));
  await page.getByRole('button', { name: 'Crear perfil' }).click();
  await expect(page.getByText('Debes tener al menos 18 años', { exact: true })).toBeVisible();
  await page.getByLabel('Cuéntanos sobre ti', { exact: true }).fill('x'.repeat(2001));
  await page.getByRole('button', { name: 'Crear perfil' }).click();
  await expect(page.getByText('Como máximo 2000 caracteres', { exact: true })).toBeVisible();
  expect(posted).toBe(false);
});

test('the browser refuses a file over 10MB and a file that is not an image; the server refuses a renamed text file', async ({ page }) => {
  await signUpThroughUi(page);
  await fillProfileForm(page, english, answers('Mira Patel', 31));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/photos$/);

  let uploadsAsked = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/objects/upload') uploadsAsked += 1;
  });
  const input = page.getByLabel('Upload Photo 1', { exact: true });
  await input.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
  await expect(toastRegion(page)).toContainText('File too large');
  await expect(toastRegion(page)).toContainText('Please select a photo under 10 MB');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture at all') });
  await expect(toastRegion(page)).toContainText('Invalid file type');
  await expect(toastRegion(page)).toContainText('Please select an image file');
  expect(uploadsAsked).toBe(0);

  // A text file claiming to be a JPEG passes the browser's check; the server refuses it (415).
  await input.setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is plain text, not a JPEG') });
  await expect(toastRegion(page)).toContainText('Upload failed');
  await expect(toastRegion(page)).toContainText('There was an error uploading your photo. Please try again.');
  await expect(page.getByText('0/2 photos', { exact: true })).toBeVisible();
  expect(uploadsAsked).toBe(1);

  // Spanish messages for the browser's checks.
  await switchPageToSpanish(page);
  await page
    .getByLabel('Subir foto 2', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture at all') });
  await expect(toastRegion(page)).toContainText('Tipo de archivo no válido');
  await expect(toastRegion(page)).toContainText('Selecciona un archivo de imagen');
});

test('removing a photo only clears the slot until Save Photos, which saves only filled slots', async ({ page }) => {
  await signUpThroughUi(page);
  await fillProfileForm(page, english, answers('Lila Shah', 27));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/photos$/);
  for (const n of [1, 2]) {
    await page.getByLabel(`Upload Photo ${n}`, { exact: true }).setInputFiles({ name: `${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(n === 1 ? '#aa3300' : '#0033aa') });
    await expect(page.getByRole('img', { name: `Your photo ${n}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Save Photos' }).click();
  await expect(toastRegion(page)).toContainText('Photos Updated!');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: 'Manage Photos' }).click();

  await page.getByRole('button', { name: 'Remove Photo 1' }).click();
  await expect(page.getByText('1/2 photos', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Upload Photo 1', { exact: true })).toBeAttached();
  // Not saved yet: the server still has two photos.
  expect(((await (await page.request.get('/api/profile')).json()) as { photos: string[] }).photos).toHaveLength(2);

  // Wait for the save's answer, not the toast: the first save's "Photos Updated!" may still be showing.
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/profile');
  await page.getByRole('button', { name: 'Save Photos' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  const body = response.request().postDataJSON() as { photos: string[] };
  expect(body.photos).toHaveLength(1);
  await expect(toastRegion(page)).toContainText('Photos Updated!');
  expect(((await (await page.request.get('/api/profile')).json()) as { photos: string[] }).photos).toHaveLength(1);

  // Back on the profile, whose next step is the second photo.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile is incomplete' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Photos' })).toHaveAttribute('href', '/profile/photos');
});

test('without a profile, the photos page says No Profile Found and the preview says Profile Not Found', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/profile/photos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Profile Found');
  await expect(page.getByRole('link', { name: 'Create Your Profile' })).toHaveAttribute('href', '/profile');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/profile/preview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');
  await expect(page.getByText('Please create your profile first')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await switchPageToSpanish(page);
  await page.goto('/profile/preview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfil no encontrado');
  await expect(page.getByText('Primero crea tu perfil')).toBeVisible();
});

test('saving while signed out shows Unauthorized and goes to sign in after half a second', async ({ page, context }) => {
  await signUpThroughUi(page);
  await fillProfileForm(page, english, answers('Kavi Rao', 33));
  // The session ends; the browser stays a returning one (its sanga_returning mark), so sign-in opens, not sign-up.
  await context.clearCookies({ name: 'sanga.sid' });
  await context.clearCookies({ name: 'sanga_signed_in' });
  // The toast is there for only the half second before the page leaves: watched on every frame from before the
  // click, since a poll of the locator can fall on either side of that window on a busy machine.
  // (A query in the page, not toastRegion's handle: the region is not there before the first toast.)
  const toastShown = page.waitForFunction(
    () => {
      const text = document.querySelector('[role="region"][aria-label^="Notifications"]')?.textContent ?? '';
      return text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...');
    },
    undefined,
    { polling: 'raf' },
  );
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await toastShown;
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile$/);
});

test('the three profile screens fit a 375 px phone with no serious accessibility violation', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpThroughUi(page);
  await expectNoHorizontalScroll(page);
  await fillProfileForm(page, english, answers('Narayan Iyer', 38));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/photos$/);
  await expectNoHorizontalScroll(page);
  for (const n of [1, 2]) {
    await page.getByLabel(`Upload Photo ${n}`, { exact: true }).setInputFiles({ name: `${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg('#557700', 1200, 800) });
    await expect(page.getByRole('img', { name: `Your photo ${n}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Save Photos' }).click();
  await expect(toastRegion(page)).toContainText('Photos Updated!');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/profile/preview');
  await expect(page.getByRole('heading', { level: 2, name: 'Narayan, 38' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await switchPageToSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vista previa del perfil');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});
