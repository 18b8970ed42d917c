import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { biodataOf, type OwnProfile } from '#domain/profile/profile-api';
import type { ProfileInput } from '#domain/profile/profile-input';
import { normalizeMustHaves } from '#domain/profile/must-haves';
import { VEDIC_NOT_OPTED_IN } from '#domain/profile/vedic';
import { interceptApi } from '#web/test/api-boundary';
import { loadScreenTexts } from '#web/i18n/setup';
import { expectNoSeriousA11yViolations } from '#web/test/a11y';
import { renderWithProviders, type RenderedWithProviders } from '#web/test/render-with-providers';
import { PHOTOS_REDIRECT_MS, ProfileForm } from './profile-form';

/** What the form shows, in each language: the labels a member reads, the rules' messages, the button and toasts. */
const text = {
  en: {
    name: 'Full name',
    gender: 'Gender',
    woman: 'Woman',
    dateOfBirth: 'Date of birth',
    exactLocation: 'Location',
    communityAffiliation: 'Community affiliation',
    languagesSpoken: 'Languages spoken (optional)',
    aboutYou: 'About you',
    minAge: 'Minimum age',
    maxAge: 'Maximum age',
    ageFlexibility: 'Age flexibility',
    flexible: 'Flexible',
    strict: 'Strict',
    strictMeans: 'Only people in my range: nobody outside it is shown to me, and I am not shown to them.',
    relocation: 'Relocation',
    courtshipAlignment: 'Courtship approach',
    dietAlignment: 'Diet and lifestyle',
    dealMakers: 'Your top 3 deal-makers',
    dealBreakers: 'Your top 3 deal-breakers',
    consultation: 'Would you like a marriage readiness consultation?',
    consultationYes: 'Yes',
    maritalHistory: 'Marital history',
    children: 'Children (optional)',
    educationLevel: 'Education (optional)',
    educationField: 'Field of study (optional)',
    heightCm: 'Height (optional)',
    familyInvolvement: 'Would you like your family involved from the start? (optional)',
    tradition: 'Tradition (optional)',
    traditionOther: 'Your tradition',
    initiation: 'Initiation (optional)',
    dailyPractice: 'Daily practice (optional)',
    /** 170 cm, as the height list labels it for this reader (English in the US: feet and inches). */
    height170: '5 ft 7 in (170 cm)',
    create: 'Create Profile',
    update: 'Update Profile',
    errors: {
      nameRequired: 'Name is required',
      genderRequired: 'Please select your gender',
      dateOfBirthRequired: 'Date of birth is required for age matching',
      dateOfBirthUnderage: 'You must be at least 18 years old',
      exactLocationRequired: 'Please enter city, state/region, and country',
      communityRequired: 'Community affiliation is required',
      aboutYouShort: 'Please share more about yourself',
      relocationRequired: 'Please select relocation preference',
      courtshipRequired: 'Please select courtship preference',
      dietRequired: 'Please select diet preference',
      dealMakersShort: 'Please list your top 3 deal-makers',
      dealBreakersShort: 'Please list your top 3 deal-breakers',
      consultationRequired: 'Please select an option',
      maritalHistoryRequired: 'Please select your marital history',
      nameLinkOrAt: 'A name cannot contain a web address or the @ sign',
      minAgeAboveMax: 'Minimum age must be less than or equal to maximum age',
      ageRange: 'Age must be between 18 and 99',
    },
    savedTitle: 'Success!',
    created: 'Your profile has been created. Now add your photos!',
    updated: 'Your profile has been updated',
    invalidFields: 'Please correct the highlighted fields.',
    characters: '0 characters',
  },
  es: {
    name: 'Nombre completo',
    gender: 'Género',
    woman: 'Mujer',
    dateOfBirth: 'Fecha de nacimiento',
    exactLocation: 'Ubicación',
    communityAffiliation: 'Afiliación comunitaria',
    languagesSpoken: 'Idiomas que hablas (opcional)',
    aboutYou: 'Cuéntanos sobre ti',
    minAge: 'Edad mínima',
    maxAge: 'Edad máxima',
    ageFlexibility: 'Flexibilidad de edad',
    flexible: 'Flexible',
    strict: 'Estricta',
    strictMeans: 'Solo personas en mi rango: no se me muestra nadie fuera de él, y yo no me muestro a esas personas.',
    relocation: 'Mudanza',
    courtshipAlignment: 'Forma de noviazgo',
    dietAlignment: 'Alimentación y estilo de vida',
    dealMakers: 'Las 3 cosas que más valoras',
    dealBreakers: 'Tus 3 principales motivos para descartar',
    consultation: '¿Te gustaría una consulta de preparación para el matrimonio?',
    consultationYes: 'Sí',
    maritalHistory: 'Estado civil',
    children: 'Hijos (opcional)',
    educationLevel: 'Estudios (opcional)',
    educationField: 'Área de estudio (opcional)',
    heightCm: 'Estatura (opcional)',
    familyInvolvement: '¿Quieres que tu familia participe desde el principio? (opcional)',
    tradition: 'Tradición (opcional)',
    traditionOther: 'Tu tradición',
    initiation: 'Iniciación (opcional)',
    dailyPractice: 'Práctica diaria (opcional)',
    height170: '170 cm',
    create: 'Crear perfil',
    update: 'Actualizar perfil',
    errors: {
      nameRequired: 'El nombre es obligatorio',
      genderRequired: 'Selecciona tu género',
      dateOfBirthRequired: 'La fecha de nacimiento es necesaria para buscar coincidencias por edad',
      dateOfBirthUnderage: 'Debes tener al menos 18 años',
      exactLocationRequired: 'Ingresa ciudad, estado/región y país',
      communityRequired: 'La afiliación comunitaria es obligatoria',
      aboutYouShort: 'Cuéntanos más sobre ti',
      relocationRequired: 'Selecciona tu preferencia de mudanza',
      courtshipRequired: 'Selecciona tu preferencia de noviazgo',
      dietRequired: 'Selecciona tu preferencia de alimentación',
      dealMakersShort: 'Escribe las 3 cosas que más valoras en una pareja',
      dealBreakersShort: 'Escribe tus 3 principales motivos para descartar a alguien',
      consultationRequired: 'Selecciona una opción',
      maritalHistoryRequired: 'Selecciona tu estado civil',
      nameLinkOrAt: 'Un nombre no puede contener una dirección web ni el signo @',
      minAgeAboveMax: 'La edad mínima debe ser menor o igual a la edad máxima',
      ageRange: 'La edad debe estar entre 18 y 99',
    },
    savedTitle: '¡Listo!',
    created: 'Tu perfil se ha creado. ¡Ahora agrega tus fotos!',
    updated: 'Tu perfil se ha actualizado',
    invalidFields: 'Corrige los campos marcados.',
    characters: '0 caracteres',
  },
} as const;
type Words = (typeof text)[keyof typeof text];

const ABOUT = 'I serve at the temple kitchen on weekends and study the Gita with my family every evening.';

/** The answer POST /api/profile gives: the saved profile (what the server stores of what was sent). */
function savedProfile(sent: ProfileInput, extra: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'profile-1',
    userId: 'user-1',
    ...sent,
    ...biodataOf({
      maritalHistory: sent.maritalHistory ?? null,
      children: sent.children ?? null,
      wantsChildren: sent.wantsChildren ?? null,
      education: sent.education ? { level: sent.education.level ?? null, field: sent.education.field ?? null } : null,
      profession: sent.profession ?? null,
      heightCm: sent.heightCm ?? null,
      familyBackground: sent.familyBackground ?? null,
      familyInvolvement: sent.familyInvolvement ?? null,
      practice: sent.practice
        ? { tradition: sent.practice.tradition ?? null, traditionOther: sent.practice.traditionOther ?? null, initiation: sent.practice.initiation ?? null, daily: sent.practice.daily ?? null }
        : null,
    }),
    dateOfBirth: sent.dateOfBirth,
    photosPrivate: sent.photosPrivate ?? false,
    age: null,
    ageYears: 35,
    languagesSpoken: sent.languagesSpoken ?? null,
    consultationRequestedAt: null,
    mustHaves: normalizeMustHaves(sent.mustHaves),
    vedic: sent.vedic?.optIn ? sent.vedic : VEDIC_NOT_OPTED_IN,
    photos: [],
    profileComplete: false,
    profileActive: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

/** A saved profile, as GET /api/profile answers it to its owner. */
const existing: OwnProfile = savedProfile(
  {
    name: 'Radha Sharma',
    gender: 'woman',
    dateOfBirth: '1991-03-09',
    age: undefined,
    minAge: 30,
    maxAge: 42,
    ageFlexibility: 'preferred',
    exactLocation: 'Austin, Texas, USA',
    relocation: 'open-to-discuss',
    communityAffiliation: 'ISKCON',
    courtshipAlignment: 'one-to-one-preferred',
    dietAlignment: 'strict-sattvic',
    languagesSpoken: 'English, Hindi',
    dealBreakers: 'Smoking, drinking, no practice',
    dealMakers: 'Kindness, daily sadhana, humour',
    aboutYou: ABOUT,
    marriageReadinessConsultation: 'yes',
    maritalHistory: 'divorced',
    children: 'yes-living-with-me',
    heightCm: 162,
    practice: { tradition: 'other', traditionOther: 'Nimbarka Sampradaya', initiation: 'first', daily: null },
  },
  { consultationRequestedAt: '2026-10-20T09:30:00.000Z', photos: ['/objects/photos/radha-1.jpg'] },
);

/** The field's error as a member and a screen reader get it: marked invalid, and described by the message. */
async function expectFieldError(screen: RenderedWithProviders, label: string, message: string) {
  const field = screen.getByLabelText(label, { exact: true });
  await expect.element(field).toHaveAttribute('aria-invalid', 'true');
  await expect.element(field).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** A radio group's error: on its fieldset, named by the legend. */
async function expectGroupError(screen: RenderedWithProviders, legend: string, message: string) {
  await expect.element(screen.getByRole('group', { name: legend })).toHaveAccessibleDescription(expect.stringContaining(message));
}

async function fillNewProfile(screen: RenderedWithProviders, words: Words) {
  await userEvent.fill(screen.getByLabelText(words.name, { exact: true }), '  Radha Sharma  ');
  await userEvent.click(screen.getByRole('radio', { name: words.woman }));
  await userEvent.fill(screen.getByLabelText(words.dateOfBirth, { exact: true }), '1991-03-09');
  await userEvent.fill(screen.getByLabelText(words.exactLocation, { exact: true }), 'Austin, Texas, USA');
  await userEvent.fill(screen.getByLabelText(words.communityAffiliation, { exact: true }), 'ISKCON');
  await userEvent.selectOptions(screen.getByLabelText(words.maritalHistory, { exact: true }), 'never-married');
  await userEvent.fill(screen.getByLabelText(words.aboutYou, { exact: true }), ABOUT);
  await userEvent.fill(screen.getByLabelText(words.minAge, { exact: true }), '28');
  await userEvent.fill(screen.getByLabelText(words.maxAge, { exact: true }), '40');
  await userEvent.selectOptions(screen.getByLabelText(words.relocation, { exact: true }), 'open-to-discuss');
  await userEvent.selectOptions(screen.getByLabelText(words.courtshipAlignment, { exact: true }), 'one-to-one-preferred');
  await userEvent.selectOptions(screen.getByLabelText(words.dietAlignment, { exact: true }), 'strict-sattvic');
  await userEvent.fill(screen.getByLabelText(words.dealMakers, { exact: true }), 'Kindness, daily sadhana, humour');
  await userEvent.fill(screen.getByLabelText(words.dealBreakers, { exact: true }), 'Smoking, drinking, no practice');
  await userEvent.click(screen.getByRole('group', { name: words.consultation }).getByRole('radio', { name: words.consultationYes }));
}

describe.each(['en', 'es'] as const)('ProfileForm [%s]', (language) => {
  const words = text[language];

  test('a new form sent empty: every required field says what it needs, and nothing is sent', async () => {
    const api = interceptApi('POST', '/api/profile', () => ({ status: 500 }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language });
    // The spec's defaults: the widest age range, flexible.
    await expect.element(screen.getByLabelText(words.minAge, { exact: true })).toHaveValue(18);
    await expect.element(screen.getByLabelText(words.maxAge, { exact: true })).toHaveValue(99);
    const flexibility = screen.getByRole('group', { name: words.ageFlexibility });
    await expect.element(flexibility.getByRole('radio', { name: words.flexible, exact: true })).toBeChecked();
    // Each option says what it does.
    await expect.element(flexibility.getByRole('radio', { name: words.strict, exact: true })).toHaveAccessibleDescription(words.strictMeans);

    await userEvent.click(screen.getByRole('button', { name: words.create }));

    const errors = words.errors;
    await expectFieldError(screen, words.name, errors.nameRequired);
    await expectGroupError(screen, words.gender, errors.genderRequired);
    await expectFieldError(screen, words.dateOfBirth, errors.dateOfBirthRequired);
    await expectFieldError(screen, words.exactLocation, errors.exactLocationRequired);
    await expectFieldError(screen, words.communityAffiliation, errors.communityRequired);
    await expectFieldError(screen, words.aboutYou, errors.aboutYouShort);
    await expectFieldError(screen, words.relocation, errors.relocationRequired);
    await expectFieldError(screen, words.courtshipAlignment, errors.courtshipRequired);
    await expectFieldError(screen, words.dietAlignment, errors.dietRequired);
    await expectFieldError(screen, words.dealMakers, errors.dealMakersShort);
    await expectFieldError(screen, words.dealBreakers, errors.dealBreakersShort);
    await expectGroupError(screen, words.consultation, errors.consultationRequired);
    // Asked of every new profile, though the API takes a profile without it.
    await expectFieldError(screen, words.maritalHistory, errors.maritalHistoryRequired);
    // The optional fields and the ones with defaults are not at fault.
    await expect.element(screen.getByRole('group', { name: words.ageFlexibility }).getByRole('radio', { name: words.flexible, exact: true })).not.toHaveAttribute('aria-invalid');
    for (const label of [words.languagesSpoken, words.minAge, words.maxAge, words.children, words.heightCm, words.tradition]) {
      await expect.element(screen.getByLabelText(label, { exact: true })).not.toHaveAttribute('aria-invalid');
    }
    // Thirteen messages, each shown once, and no raw code of the schema in their place.
    expect(screen.container.querySelectorAll('[id$="-error"]')).toHaveLength(13);
    expect(screen.container.textContent).not.toMatch(/Required\b|Short\b|profile\.validation/);
    expect(api.sent).toEqual([]);
    expect(api.unexpected).toEqual([]);
  });

  test('the shared rules: a link in the name, under 18, a minimum age above the maximum, an age out of range', async () => {
    const api = interceptApi('POST', '/api/profile', () => ({ status: 500 }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language });
    await fillNewProfile(screen, words);
    await userEvent.fill(screen.getByLabelText(words.name, { exact: true }), 'Radha @radha');
    const eighteenYearsAgo = new Date();
    eighteenYearsAgo.setFullYear(eighteenYearsAgo.getFullYear() - 17);
    await userEvent.fill(screen.getByLabelText(words.dateOfBirth, { exact: true }), eighteenYearsAgo.toISOString().slice(0, 10));
    await userEvent.fill(screen.getByLabelText(words.minAge, { exact: true }), '45');
    await userEvent.fill(screen.getByLabelText(words.maxAge, { exact: true }), '40');
    await userEvent.click(screen.getByRole('button', { name: words.create }));

    await expectFieldError(screen, words.name, words.errors.nameLinkOrAt);
    await expectFieldError(screen, words.dateOfBirth, words.errors.dateOfBirthUnderage);
    await expectFieldError(screen, words.maxAge, words.errors.minAgeAboveMax);
    expect(screen.container.querySelectorAll('[id$="-error"]')).toHaveLength(3);

    await userEvent.fill(screen.getByLabelText(words.maxAge, { exact: true }), '120');
    await userEvent.click(screen.getByRole('button', { name: words.create }));
    await expectFieldError(screen, words.maxAge, words.errors.ageRange);
    expect(api.sent).toEqual([]);
  });

  test('a filled new form sends the profile as the schema reads it, says so, and goes on to the photos', async () => {
    const api = interceptApi('POST', '/api/profile', (body) => ({ status: 201, body: savedProfile(body as ProfileInput) }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language, path: '/profile' });
    await fillNewProfile(screen, words);
    await userEvent.click(screen.getByRole('button', { name: words.create }));

    await expect.element(screen.getByText(words.created)).toBeVisible();
    await expect.element(screen.getByText(words.savedTitle)).toBeVisible();
    // Trimmed, the ages as numbers, the default flexibility filled in, the optional field sent empty.
    expect(api.sent).toEqual([
      {
        name: 'Radha Sharma',
        gender: 'woman',
        dateOfBirth: '1991-03-09',
        minAge: 28,
        maxAge: 40,
        ageFlexibility: 'flexible',
        exactLocation: 'Austin, Texas, USA',
        relocation: 'open-to-discuss',
        communityAffiliation: 'ISKCON',
        courtshipAlignment: 'one-to-one-preferred',
        dietAlignment: 'strict-sattvic',
        languagesSpoken: '',
        dealBreakers: 'Smoking, drinking, no practice',
        dealMakers: 'Kindness, daily sadhana, humour',
        aboutYou: ABOUT,
        marriageReadinessConsultation: 'yes',
        // The biodata: the marital history asked, every answer left on "Prefer not to say" sent as none.
        maritalHistory: 'never-married',
        children: null,
        wantsChildren: null,
        education: { level: null, field: null },
        profession: null,
        heightCm: null,
        familyBackground: null,
        familyInvolvement: null,
        practice: { tradition: null, traditionOther: null, initiation: null, daily: null },
        // The photos' privacy, left unticked.
        photosPrivate: false,
        // Nothing checked: no must-haves (the server stores none).
        mustHaves: { maritalHistory: [], children: [], wantsChildren: [], tradition: [] },
        // Vedic compatibility left unticked: no birth details (the server deletes any).
        vedic: { optIn: false },
      },
    ]);
    // spec §9: the photos come next, 1500 ms after the profile is created.
    await expect.poll(() => screen.history, { timeout: 4_000 }).toEqual(['/profile', '/profile/photos']);
    expect(api.unexpected).toEqual([]);
  });

  test('a saved profile: the form starts from it, and Update Profile sends the change and stays', async () => {
    const api = interceptApi('POST', '/api/profile', (body) => ({ status: 200, body: savedProfile(body as ProfileInput) }));
    const screen = await renderWithProviders(<ProfileForm profile={existing} />, { language, path: '/profile' });

    await expect.element(screen.getByLabelText(words.name, { exact: true })).toHaveValue('Radha Sharma');
    await expect.element(screen.getByRole('radio', { name: words.woman })).toBeChecked();
    await expect.element(screen.getByLabelText(words.dateOfBirth, { exact: true })).toHaveValue('1991-03-09');
    await expect.element(screen.getByLabelText(words.minAge, { exact: true })).toHaveValue(30);
    await expect.element(screen.getByLabelText(words.dietAlignment, { exact: true })).toHaveValue('strict-sattvic');
    await expect.element(screen.getByLabelText(words.languagesSpoken, { exact: true })).toHaveValue('English, Hindi');
    // The saved Yes reached the coordinators: the date it did, in the member's language.
    await expect.element(screen.getByTestId('consultation-received')).toHaveTextContent(language === 'en' ? 'on Oct 20, 2026.' : 'el 20 oct 2026.');

    await userEvent.fill(screen.getByLabelText(words.exactLocation, { exact: true }), 'Mayapur, West Bengal, India');
    await userEvent.click(screen.getByRole('button', { name: words.update }));

    await expect.element(screen.getByText(words.updated)).toBeVisible();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]).toMatchObject({ name: 'Radha Sharma', exactLocation: 'Mayapur, West Bengal, India', minAge: 30, maxAge: 42, languagesSpoken: 'English, Hindi' });
    // An update stays on the form: no move to the photos once a new profile's wait is over.
    await new Promise((resolve) => setTimeout(resolve, PHOTOS_REDIRECT_MS + 200));
    expect(screen.history).toEqual(['/profile']);
  });

  test('the biodata: heights in the reader\'s units, the tradition\'s own words only for Other, the answers sent as the API reads them', async () => {
    const api = interceptApi('POST', '/api/profile', (body) => ({ status: 201, body: savedProfile(body as ProfileInput) }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language, path: '/profile' });
    await fillNewProfile(screen, words);
    await userEvent.selectOptions(screen.getByLabelText(words.children, { exact: true }), 'none');
    await userEvent.selectOptions(screen.getByLabelText(words.educationLevel, { exact: true }), 'master');
    await userEvent.fill(screen.getByLabelText(words.educationField, { exact: true }), '  Sanskrit  ');
    await userEvent.selectOptions(screen.getByLabelText(words.heightCm, { exact: true }), words.height170);
    await userEvent.selectOptions(screen.getByLabelText(words.familyInvolvement, { exact: true }), 'true');
    await userEvent.fill(screen.getByLabelText(words.dailyPractice, { exact: true }), '16 rounds');
    // Their own words for the tradition only with Other; a tradition from the list needs none.
    expect(screen.getByLabelText(words.traditionOther, { exact: true }).elements()).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText(words.tradition, { exact: true }), 'other');
    await userEvent.fill(screen.getByLabelText(words.traditionOther, { exact: true }), 'Nimbarka Sampradaya');
    await userEvent.selectOptions(screen.getByLabelText(words.initiation, { exact: true }), 'aspiring');
    await userEvent.click(screen.getByRole('button', { name: words.create }));

    await expect.element(screen.getByText(words.created)).toBeVisible();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]).toMatchObject({
      maritalHistory: 'never-married',
      children: 'none',
      wantsChildren: null,
      education: { level: 'master', field: 'Sanskrit' },
      heightCm: 170,
      familyInvolvement: true,
      practice: { tradition: 'other', traditionOther: 'Nimbarka Sampradaya', initiation: 'aspiring', daily: '16 rounds' },
    });
  });

  test('who she would consider: checked answers and a height range in her units, sent in cm', async () => {
    const must = {
      en: { section: 'Who I would consider', marital: 'Marital histories I would consider', neverMarried: 'Never married', widowed: 'Widowed', wants: 'Wishes for children I would consider', yes: 'Yes', from: 'From', to: 'To', min: '5 ft 5 in (165 cm)', max: '6 ft 3 in (190 cm)' },
      es: { section: 'A quién consideraría', marital: 'Estados civiles que consideraría', neverMarried: 'Soltero/a', widowed: 'Viudo/a', wants: 'Deseos de tener hijos que consideraría', yes: 'Sí', from: 'Desde', to: 'Hasta', min: '165 cm', max: '190 cm' },
    }[language];
    const api = interceptApi('POST', '/api/profile', (body) => ({ status: 201, body: savedProfile(body as ProfileInput) }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language, path: '/profile' });
    await fillNewProfile(screen, words);
    const section = screen.getByRole('region', { name: must.section });
    await userEvent.click(section.getByRole('group', { name: must.marital }).getByRole('checkbox', { name: must.neverMarried, exact: true }));
    await userEvent.click(section.getByRole('group', { name: must.marital }).getByRole('checkbox', { name: must.widowed, exact: true }));
    await userEvent.click(section.getByRole('group', { name: must.wants }).getByRole('checkbox', { name: must.yes, exact: true }));
    await userEvent.selectOptions(section.getByLabelText(must.from, { exact: true }), must.min);
    await userEvent.selectOptions(section.getByLabelText(must.to, { exact: true }), must.max);
    await userEvent.click(screen.getByRole('button', { name: words.create }));
    await expect.element(screen.getByText(words.created)).toBeVisible();
    expect(api.sent[0]).toMatchObject({
      mustHaves: { maritalHistory: ['never-married', 'widowed'], children: [], wantsChildren: ['yes'], tradition: [], heightCm: { min: 165, max: 190 } },
    });

  });

  test('a saved choice of whom she would consider fills the form', async () => {
    const must = {
      en: { marital: 'Marital histories I would consider', neverMarried: 'Never married', widowed: 'Widowed', from: 'From', to: 'To' },
      es: { marital: 'Estados civiles que consideraría', neverMarried: 'Soltero/a', widowed: 'Viudo/a', from: 'Desde', to: 'Hasta' },
    }[language];
    const saved = { ...existing, mustHaves: { maritalHistory: ['widowed' as const], heightCm: { min: 165, max: 190 } } };
    const again = await renderWithProviders(<ProfileForm profile={saved} />, { language, path: '/profile' });
    const marital = again.getByRole('group', { name: must.marital });
    await expect.element(marital.getByRole('checkbox', { name: must.widowed, exact: true })).toBeChecked();
    await expect.element(marital.getByRole('checkbox', { name: must.neverMarried, exact: true })).not.toBeChecked();
    await expect.element(again.getByLabelText(must.from, { exact: true })).toHaveValue('165');
    await expect.element(again.getByLabelText(must.to, { exact: true })).toHaveValue('190');
  });

  test('a saved profile\'s biodata fills the form', async () => {
    await renderWithProviders(<ProfileForm profile={existing} />, { language }).then(async (screen) => {
      await expect.element(screen.getByLabelText(words.maritalHistory, { exact: true })).toHaveValue('divorced');
      await expect.element(screen.getByLabelText(words.children, { exact: true })).toHaveValue('yes-living-with-me');
      await expect.element(screen.getByLabelText(words.heightCm, { exact: true })).toHaveValue('162');
      await expect.element(screen.getByLabelText(words.tradition, { exact: true })).toHaveValue('other');
      await expect.element(screen.getByLabelText(words.traditionOther, { exact: true })).toHaveValue('Nimbarka Sampradaya');
      await expect.element(screen.getByLabelText(words.initiation, { exact: true })).toHaveValue('first');
      await expect.element(screen.getByLabelText(words.educationLevel, { exact: true })).toHaveValue('');
    });
  });

  test("the server's field errors show on their fields, in the member's language", async () => {
    const api = interceptApi('POST', '/api/profile', () => ({
      status: 400,
      body: { message: 'Invalid profile', errors: [{ path: 'exactLocation', code: 'exactLocationRequired', message: 'Please enter city, state/region, and country' }] },
    }));
    const screen = await renderWithProviders(<ProfileForm profile={existing} />, { language });
    await userEvent.click(screen.getByRole('button', { name: words.update }));

    await expectFieldError(screen, words.exactLocation, words.errors.exactLocationRequired);
    await expect.element(screen.getByText(words.invalidFields)).toBeVisible();
    expect(api.sent).toHaveLength(1);
  });

  test('counts the characters of the long texts as the rules do (trimmed)', async () => {
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language });
    // About you, the deal-makers and the deal-breakers.
    await expect.poll(() => screen.getByText(words.characters, { exact: true }).elements()).toHaveLength(3);
    await userEvent.fill(screen.getByLabelText(words.aboutYou, { exact: true }), '  Hare Krishna  ');
    await expect.element(screen.getByText(language === 'en' ? '12 characters' : '12 caracteres', { exact: true })).toBeVisible();
    expect(screen.getByText(words.characters, { exact: true }).elements()).toHaveLength(2);
  });

  test('Vedic compatibility: ticked, the time, how exact, and a place chosen by keyboard from the search are sent', async () => {
    const vedic = { en: { optIn: 'Compare my birth chart (guna milan) with matches who also opt in.', time: 'Time of birth', accuracy: 'How exact is this time?', approximate: 'Approximate', unknown: 'I do not know the time', place: 'Place of birth', placeRequired: 'Please choose your place of birth from the list' }, es: { optIn: 'Comparar mi carta natal (guna milan) con la de las coincidencias que también lo acepten.', time: 'Hora de nacimiento', accuracy: '¿Qué tan exacta es esta hora?', approximate: 'Aproximada', unknown: 'No sé la hora', place: 'Lugar de nacimiento', placeRequired: 'Elige tu lugar de nacimiento de la lista' } }[language];
    const places = [
      { name: 'Vrindāvan, Uttar Pradesh, India', country: 'IN', latitude: 27.58105, longitude: 77.69662, timeZone: 'Asia/Kolkata' },
      { name: 'Vrindavan Town, Nowhere', country: 'IN', latitude: 20, longitude: 80, timeZone: 'Asia/Kolkata' },
    ];
    const sent: unknown[] = [];
    const searched: string[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (url.pathname === '/api/places') {
        searched.push(`${url.searchParams.get('q')}|${url.searchParams.get('lang')}`);
        return Response.json(places);
      }
      sent.push(JSON.parse(String(init?.body)));
      return Response.json(savedProfile(sent.at(-1) as ProfileInput), { status: 200 });
    });
    // The section's words come with the profile screen (screen-texts.ts), as the app loads them.
    await renderWithProviders(<p />, { language });
    await loadScreenTexts();
    const screen = await renderWithProviders(<ProfileForm profile={existing} />, { language, path: '/profile' });
    await userEvent.click(screen.getByRole('checkbox', { name: vedic.optIn }));
    // Ticked and sent without a place: the place is asked for.
    await userEvent.click(screen.getByRole('radio', { name: vedic.approximate }));
    await userEvent.fill(screen.getByLabelText(vedic.time, { exact: true }), '04:37');
    await userEvent.click(screen.getByRole('button', { name: words.update }));
    await expect.element(screen.getByRole('combobox', { name: vedic.place })).toHaveAccessibleDescription(expect.stringContaining(vedic.placeRequired));
    expect(sent).toEqual([]);

    const box = screen.getByRole('combobox', { name: vedic.place });
    await userEvent.fill(box, 'vrinda');
    await expect.element(screen.getByRole('listbox', { name: vedic.place })).toBeVisible();
    await expect.element(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await expect.element(screen.getByRole('option', { name: places[0]!.name })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await expect.element(box).toHaveValue(places[0]!.name);
    await expect.element(box).toHaveAttribute('aria-expanded', 'false');
    expect(searched).toContain(`vrinda|${language}`);
    await expectNoSeriousA11yViolations(screen.container);

    await userEvent.click(screen.getByRole('button', { name: words.update }));
    await expect.poll(() => sent.length).toBe(1);
    expect((sent[0] as { vedic: unknown }).vedic).toEqual({ optIn: true, birthTime: '04:37', birthTimeAccuracy: 'approximate', birthPlace: { name: places[0]!.name, latitude: 27.58105, longitude: 77.69662, timeZone: 'Asia/Kolkata' } });

    // "I do not know the time" turns the time off; it is sent as none.
    await userEvent.click(screen.getByRole('radio', { name: vedic.unknown }));
    await expect.element(screen.getByLabelText(vedic.time, { exact: true })).toBeDisabled();
    // Unticked: the details go.
    await userEvent.click(screen.getByRole('checkbox', { name: vedic.optIn }));
    await userEvent.click(screen.getByRole('button', { name: words.update }));
    await expect.poll(() => sent.length).toBe(2);
    expect((sent[1] as { vedic: unknown }).vedic).toEqual({ optIn: false });
  });

  test('has no serious accessibility violation, empty and with every error shown', async () => {
    interceptApi('POST', '/api/profile', () => ({ status: 500 }));
    const screen = await renderWithProviders(<ProfileForm profile={null} />, { language });
    await expect.element(screen.getByRole('button', { name: words.create })).toBeVisible();
    await expectNoSeriousA11yViolations(screen.container);
    await userEvent.click(screen.getByRole('button', { name: words.create }));
    await expectFieldError(screen, words.name, words.errors.nameRequired);
    await expectNoSeriousA11yViolations(screen.container);
  });
});
