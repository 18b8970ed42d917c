import { describe, expect, it } from 'vitest';
import { applicationFormValues, FIRST_AGREEMENT_TEXT, REVENUE_SPLIT_AGREEMENT, toApplicationPayload, volunteerApplicationForm, volunteerApplicationInput, withoutAgreementText, type VolunteerProfile } from './volunteer';

const labels = [
  { freeOfferings: 'Free offerings', paidServices: 'Paid services' },
  { freeOfferings: 'Ofrecimientos gratuitos', paidServices: 'Servicios de pago' },
];

function stored(background: string): VolunteerProfile {
  return {
    id: 'a',
    name: 'Gopal Das',
    email: 'gopal@example.org',
    dateOfBirth: '1980',
    contribution: 'Premarital counselling',
    background,
    donationInfo: 'Dakshina welcome',
    minimumDonation: '$20',
    photo: null,
    approved: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    agreement: { agreed: true, agreedAt: '2026-01-01T00:00:00.000Z', policyVersion: 1 },
  };
}

describe('Update Application starts from the application already sent', () => {
  const sentForm = {
    name: 'Gopal Das',
    email: 'gopal@example.org',
    dateOfBirth: '1980',
    contribution: 'Premarital counselling',
    background: 'Twenty years of service.\n\nMarried since 2001.',
    freeOfferings: 'Weekly satsang',
    paidServices: 'Counselling sessions',
    donationInfo: 'Dakshina welcome',
    minimumDonation: '$20',
    agreeToRevenueSplit: true,
  };
  for (const [language, set] of [['English', labels[0]!], ['Spanish', labels[1]!]] as const) {
    it(`splits the stored background back into background and offerings (${language} labels), drops the agreement, ticks it`, () => {
      const form = volunteerApplicationForm.parse(sentForm);
      const payload = toApplicationPayload(form, set);
      const values = applicationFormValues(stored(payload.background), labels);
      expect(values).toEqual(sentForm);
      // Sent again unchanged, the same background is stored: no second agreement or label.
      expect(toApplicationPayload(volunteerApplicationForm.parse(values), set).background).toBe(payload.background);
    });
  }
});

describe('withoutAgreementText', () => {
  it('drops the appended agreement paragraph and keeps everything else', () => {
    expect(withoutAgreementText(`Temple service for years.\n\nFree offerings: satsang\n\n${REVENUE_SPLIT_AGREEMENT}`)).toBe('Temple service for years.\n\nFree offerings: satsang');
    expect(withoutAgreementText('Temple service for years.')).toBe('Temple service for years.');
  });

  it('drops the first version’s text too, and the current text promises no revenue split (Sanga books no paid service)', () => {
    expect(withoutAgreementText(`Temple service for years.\n\n${FIRST_AGREEMENT_TEXT}`)).toBe('Temple service for years.');
    expect(REVENUE_SPLIT_AGREEMENT).not.toMatch(/50-50|booking fee/i);
  });
});

describe('volunteer names refuse links and @ (security review #28.7)', () => {
  const form = {
    name: 'Gopal Das',
    email: 'gopal@example.org',
    contribution: 'Premarital counselling',
    background: 'Twenty years of temple service and family mentoring.',
    agreeToRevenueSplit: true,
  };

  it('the form and the API payload refuse a name that is a link or has an @, with nameLinkOrAt', () => {
    for (const name of ['https://sanga-login.evil.example/reset', 'gopal@evil.example', 'www.evil-sanga']) {
      const result = volunteerApplicationForm.safeParse({ ...form, name });
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['name', 'nameLinkOrAt']);
      const payload = volunteerApplicationInput.safeParse({ ...form, name: 'Gopal Das', firstName: name });
      expect(payload.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['firstName', 'nameLinkOrAt']);
    }
    expect(volunteerApplicationForm.safeParse(form).success).toBe(true);
    expect(volunteerApplicationInput.safeParse({ ...form, firstName: 'Gopal', lastName: 'Das' }).success).toBe(true);
  });
});
