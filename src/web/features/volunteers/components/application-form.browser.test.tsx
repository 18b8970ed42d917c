import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { REVENUE_SPLIT_AGREEMENT, type VolunteerProfile } from '#domain/volunteers/volunteer';
import { interceptApi } from '#web/test/api-boundary';
import { expectNoSeriousA11yViolations } from '#web/test/a11y';
import { renderWithProviders, type RenderedWithProviders } from '#web/test/render-with-providers';
import { ApplicationForm } from './application-form';

const text = {
  en: {
    name: 'Full name',
    email: 'Email',
    birthYear: 'Birth year (optional)',
    contribution: 'What you offer',
    background: 'Your background',
    freeOfferings: 'Free offerings (optional)',
    paidServices: 'Paid services (optional)',
    donationInfo: 'How people can support you (optional)',
    minimumDonation: 'Suggested minimum donation (optional)',
    minimumDonationHint: 'For example: $20 per session.',
    agreement: 'I agree to the volunteer terms',
    submit: 'Submit Application',
    errors: {
      volunteerNameShort: 'Name must be at least 2 characters',
      emailInvalid: 'Invalid email address',
      contributionShort: 'Please describe what you offer (at least 10 characters)',
      backgroundShort: 'Please share more about your background (at least 20 characters)',
      agreementRequired: 'You must agree to the volunteer terms',
      nameLinkOrAt: 'A name cannot contain a web address or the @ sign',
    },
    submitted: "Thank you for applying to be a volunteer. We'll review your application and be in touch soon.",
    invalidFields: 'Please correct the highlighted fields.',
    offeringLabels: { freeOfferings: 'Free offerings', paidServices: 'Paid services' },
  },
  es: {
    name: 'Nombre completo',
    email: 'Correo electrónico',
    birthYear: 'Año de nacimiento (opcional)',
    contribution: 'Lo que ofreces',
    background: 'Tu trayectoria',
    freeOfferings: 'Ofrecimientos gratuitos (opcional)',
    paidServices: 'Servicios de pago (opcional)',
    donationInfo: 'Cómo pueden apoyarte (opcional)',
    minimumDonation: 'Donativo mínimo sugerido (opcional)',
    minimumDonationHint: 'Por ejemplo: 20\u00a0US$ por sesión.',
    agreement: 'Acepto las condiciones para voluntarios',
    submit: 'Enviar solicitud',
    errors: {
      volunteerNameShort: 'El nombre debe tener al menos 2 caracteres',
      emailInvalid: 'Correo electrónico no válido',
      contributionShort: 'Describe lo que ofreces (al menos 10 caracteres)',
      backgroundShort: 'Cuéntanos más sobre tu trayectoria (al menos 20 caracteres)',
      agreementRequired: 'Debes aceptar las condiciones para voluntarios',
      nameLinkOrAt: 'Un nombre no puede contener una dirección web ni el signo @',
    },
    submitted: 'Gracias por postularte al voluntariado. Revisaremos tu solicitud y nos pondremos en contacto contigo pronto.',
    invalidFields: 'Corrige los campos marcados.',
    offeringLabels: { freeOfferings: 'Ofrecimientos gratuitos', paidServices: 'Servicios de pago' },
  },
} as const;

const BACKGROUND = 'Twenty years of kirtan and marriage mentoring at the temple.';

/** The own application as the server answers it (GET or POST /api/volunteer-application). */
function application(extra: Partial<VolunteerProfile> = {}): VolunteerProfile {
  return {
    id: 'volunteer-1',
    name: 'Asha Devi Dasi',
    email: 'asha@example.org',
    dateOfBirth: '1975',
    contribution: 'Marriage mentoring',
    background: BACKGROUND,
    donationInfo: null,
    minimumDonation: null,
    photo: null,
    approved: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    agreement: { agreed: true, agreedAt: '2026-11-01T10:00:00.000Z', policyVersion: 2 },
    ...extra,
  };
}

async function expectFieldError(screen: RenderedWithProviders, label: string, message: string) {
  const field = screen.getByLabelText(label, { exact: true });
  await expect.element(field).toHaveAttribute('aria-invalid', 'true');
  await expect.element(field).toHaveAccessibleDescription(expect.stringContaining(message));
}

describe.each(['en', 'es'] as const)('ApplicationForm [%s]', (language) => {
  const words = text[language];

  test('starts from the account and profile, and sent empty says what each required field needs', async () => {
    const api = interceptApi('POST', '/api/volunteer-application', () => ({ status: 500 }));
    const onSubmitted = vi.fn();
    const screen = await renderWithProviders(<ApplicationForm defaultEmail="asha@example.org" defaultName="Asha" onSubmitted={onSubmitted} />, { language });
    await expect.element(screen.getByLabelText(words.email, { exact: true })).toHaveValue('asha@example.org');
    await expect.element(screen.getByLabelText(words.name, { exact: true })).toHaveValue('Asha');
    // The currency in the reader's format.
    await expect.element(screen.getByText(words.minimumDonationHint)).toBeVisible();

    await userEvent.fill(screen.getByLabelText(words.name, { exact: true }), ' A ');
    await userEvent.fill(screen.getByLabelText(words.email, { exact: true }), 'asha.example.org');
    await userEvent.click(screen.getByRole('button', { name: words.submit }));

    await expectFieldError(screen, words.name, words.errors.volunteerNameShort);
    await expectFieldError(screen, words.email, words.errors.emailInvalid);
    await expectFieldError(screen, words.contribution, words.errors.contributionShort);
    await expectFieldError(screen, words.background, words.errors.backgroundShort);
    await expectFieldError(screen, words.agreement, words.errors.agreementRequired);
    // The optional fields are not at fault.
    for (const label of [words.birthYear, words.freeOfferings, words.paidServices, words.donationInfo, words.minimumDonation]) {
      await expect.element(screen.getByLabelText(label, { exact: true })).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.container.querySelectorAll('[id$="-error"]')).toHaveLength(5);
    expect(api.sent).toEqual([]);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  test('a filled form sends the spec\'s payload, with the offerings labelled in the language it was written in', async () => {
    const api = interceptApi('POST', '/api/volunteer-application', () => ({ status: 201, body: application() }));
    const onSubmitted = vi.fn();
    const screen = await renderWithProviders(<ApplicationForm defaultEmail="Asha@Example.org " onSubmitted={onSubmitted} />, { language });

    await userEvent.fill(screen.getByLabelText(words.name, { exact: true }), '  Asha Devi Dasi ');
    await userEvent.fill(screen.getByLabelText(words.contribution, { exact: true }), 'Marriage mentoring');
    await userEvent.fill(screen.getByLabelText(words.background, { exact: true }), BACKGROUND);
    await userEvent.fill(screen.getByLabelText(words.freeOfferings, { exact: true }), 'Weekly Gita study');
    await userEvent.fill(screen.getByLabelText(words.paidServices, { exact: true }), 'Private consultations');
    await userEvent.click(screen.getByLabelText(words.agreement, { exact: true }));
    await userEvent.click(screen.getByRole('button', { name: words.submit }));

    await expect.poll(() => onSubmitted.mock.calls.length).toBe(1);
    await expect.element(screen.getByText(words.submitted)).toBeVisible();
    const labels = words.offeringLabels;
    // JSON leaves the empty optional fields out.
    expect(api.sent).toEqual([
      {
        firstName: 'Asha',
        lastName: 'Devi Dasi',
        name: 'Asha Devi Dasi',
        email: 'asha@example.org',
        contribution: 'Marriage mentoring',
        background: [BACKGROUND, `${labels.freeOfferings}: Weekly Gita study`, `${labels.paidServices}: Private consultations`, REVENUE_SPLIT_AGREEMENT].join('\n\n'),
        agreeToRevenueSplit: true,
      },
    ]);
    expect(api.unexpected).toEqual([]);
  });

  test('an application already sent: the form starts from it, its offerings back in their own fields', async () => {
    const api = interceptApi('POST', '/api/volunteer-application', () => ({ status: 200, body: application() }));
    const onSubmitted = vi.fn();
    // Written in the other language: its labels are still recognised.
    const other = text[language === 'en' ? 'es' : 'en'].offeringLabels;
    const existing = application({ background: `${BACKGROUND}\n\n${other.freeOfferings}: Weekly Gita study`, minimumDonation: '$15' });
    const screen = await renderWithProviders(<ApplicationForm defaultEmail="other@example.org" existing={existing} onSubmitted={onSubmitted} />, { language });

    await expect.element(screen.getByLabelText(words.name, { exact: true })).toHaveValue('Asha Devi Dasi');
    await expect.element(screen.getByLabelText(words.email, { exact: true })).toHaveValue('asha@example.org');
    await expect.element(screen.getByLabelText(words.birthYear, { exact: true })).toHaveValue('1975');
    await expect.element(screen.getByLabelText(words.background, { exact: true })).toHaveValue(BACKGROUND);
    await expect.element(screen.getByLabelText(words.freeOfferings, { exact: true })).toHaveValue('Weekly Gita study');
    await expect.element(screen.getByLabelText(words.minimumDonation, { exact: true })).toHaveValue('$15');
    await expect.element(screen.getByLabelText(words.agreement, { exact: true })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: words.submit }));
    await expect.poll(() => onSubmitted.mock.calls.length).toBe(1);
    expect(api.sent[0]).toMatchObject({
      dateOfBirth: '1975',
      minimumDonation: '$15',
      background: [BACKGROUND, `${words.offeringLabels.freeOfferings}: Weekly Gita study`, REVENUE_SPLIT_AGREEMENT].join('\n\n'),
    });
  });

  test("the server's refusal of a name part shows on the name, in the applicant's language; onSubmitted is not called", async () => {
    const api = interceptApi('POST', '/api/volunteer-application', () => ({
      status: 400,
      body: { message: 'Invalid application', errors: [{ path: 'lastName', code: 'nameLinkOrAt', message: 'A name cannot contain a web address or the @ sign' }] },
    }));
    const onSubmitted = vi.fn();
    const screen = await renderWithProviders(<ApplicationForm defaultEmail="asha@example.org" existing={application()} onSubmitted={onSubmitted} />, { language });
    await userEvent.click(screen.getByRole('button', { name: words.submit }));

    await expectFieldError(screen, words.name, words.errors.nameLinkOrAt);
    await expect.element(screen.getByText(words.invalidFields)).toBeVisible();
    expect(api.sent).toHaveLength(1);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  test('has no serious accessibility violation, empty and with every error shown', async () => {
    interceptApi('POST', '/api/volunteer-application', () => ({ status: 500 }));
    const screen = await renderWithProviders(<ApplicationForm defaultEmail="" onSubmitted={() => {}} />, { language });
    await expect.element(screen.getByRole('button', { name: words.submit })).toBeVisible();
    await expectNoSeriousA11yViolations(screen.container);
    await userEvent.click(screen.getByRole('button', { name: words.submit }));
    await expectFieldError(screen, words.agreement, words.errors.agreementRequired);
    await expectNoSeriousA11yViolations(screen.container);
  });
});
