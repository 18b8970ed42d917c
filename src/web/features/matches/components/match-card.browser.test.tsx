import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { MatchItem } from '#domain/matching/match-api';
import { NO_RUNGS } from '#domain/verification/ladder';
import { expectNoSeriousA11yViolations } from '#web/test/a11y';
import { renderWithProviders } from '#web/test/render-with-providers';
import { MatchCard } from './match-card';

/** A match as GET /api/matches lists it: named, with an age, a photo, both trust facts and no penalty. */
const priya: MatchItem = {
  profileId: 'profile-priya',
  firstName: 'Priya',
  age: 31,
  photos: ['/objects/photos/priya-1.jpg', '/objects/photos/priya-2.jpg'],
  photosBlurred: false,
  score: 82,
  breakdown: { location: 18, community: 15, courtship: 12, diet: 16, age: 14, marriageReadiness: 4, penalties: 0 },
  outsideMyAgeRange: false,
  references: 2,
  verified: true,
  verifiedAt: '2026-10-01T12:00:00.000Z',
  verificationMethod: 'in-person',
  rungs: { email: '2026-09-20T08:00:00.000Z', selfie: '2026-10-05T09:00:00.000Z', metByCoordinator: '2026-10-01T12:00:00.000Z', references: '2026-10-10T16:00:00.000Z', full: '2026-10-10T16:00:00.000Z' },
};

/** Someone the list shows with nothing but a score: no first name, no age, no photo, no trust facts, a penalty. */
const anonymous: MatchItem = {
  profileId: 'profile/with space',
  firstName: null,
  age: null,
  photos: [],
  photosBlurred: false,
  score: 41,
  breakdown: { location: 5, community: 0, courtship: 3, diet: 0, age: 7, marriageReadiness: 0, penalties: -6 },
  outsideMyAgeRange: false,
  references: 0,
  verified: false,
  verifiedAt: null,
  verificationMethod: null,
  rungs: NO_RUNGS,
};

const text = {
  en: {
    heading: 'Priya, 31',
    score: '82%',
    meter: 'Compatibility score',
    meterText: '82% compatible',
    photoAlt: 'Photo of Priya',
    breakdownTitle: 'Compatibility breakdown',
    location: 'Location',
    locationPoints: '18 of 25 points',
    verified: 'Verified by a coordinator',
    how: 'A coordinator met this member in person on',
    references: '2 references',
    viewProfile: 'View Full Profile',
    anonymous: 'Anonymous',
    noPhoto: 'No photo of Anonymous yet',
    penalties: 'Penalties',
    outsideRange: 'Outside the age range you asked for',
  },
  es: {
    heading: 'Priya, 31',
    score: '82\u00a0%',
    meter: 'Puntuación de compatibilidad',
    meterText: '82\u00a0% de compatibilidad',
    photoAlt: 'Foto de Priya',
    breakdownTitle: 'Desglose de compatibilidad',
    location: 'Ubicación',
    locationPoints: '18 de 25 puntos',
    verified: 'Verificado por la coordinación',
    how: 'La coordinación conoció a este miembro en persona el',
    references: '2 referencias',
    viewProfile: 'Ver perfil completo',
    anonymous: 'Sin nombre',
    noPhoto: 'Aún no hay foto de Sin nombre',
    penalties: 'Penalizaciones',
    outsideRange: 'Fuera del rango de edad que pediste',
  },
} as const;

describe.each(['en', 'es'] as const)('MatchCard [%s]', (language) => {
  const words = text[language];

  test('shows the name and age, the score, the first photo, the breakdown and the trust badges', async () => {
    const screen = await renderWithProviders(<MatchCard match={priya} />, { language });

    await expect.element(screen.getByRole('heading', { level: 2, name: words.heading })).toBeVisible();
    await expect.element(screen.getByTestId('match-score')).toBeVisible();
    // Exactly, not as toHaveTextContent compares (spaces folded): Spanish keeps a no-break space before the %.
    expect(screen.getByTestId('match-score').element().textContent).toBe(words.score);
    await expect.element(screen.getByTestId('match-score')).toHaveAttribute('data-tone', 'high');
    // spec §9: 70 or more is the green pill, white on green (the app's stylesheet is loaded: browser-setup.ts).
    const high = getComputedStyle(screen.getByTestId('match-score').element());
    expect(high.color).toBe('rgb(255, 255, 255)');
    expect(high.backgroundColor).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/);
    const meter = screen.getByRole('meter', { name: words.meter });
    await expect.element(meter).toHaveAttribute('aria-valuenow', '82');
    await expect.element(meter).toHaveAttribute('aria-valuetext', words.meterText);

    // The first photo only, offered in its smaller copies.
    const photo = screen.getByRole('img', { name: words.photoAlt });
    await expect.element(photo).toHaveAttribute('src', '/objects/photos/priya-1.jpg');
    await expect.element(photo).toHaveAttribute('srcset', expect.stringContaining('/objects/photos/priya-1.jpg?w=480 480w'));
    expect(screen.container.querySelectorAll('img')).toHaveLength(1);

    await expect.element(screen.getByRole('heading', { level: 3, name: words.breakdownTitle })).toBeVisible();
    const location = screen.getByTestId('breakdown-location');
    await expect.element(location).toHaveTextContent(words.location);
    await expect.element(location).toHaveTextContent('18/25');
    await expect.element(location).toHaveTextContent(words.locationPoints);
    // Every component of the score, each out of its maximum.
    for (const component of ['location', 'community', 'courtship', 'diet', 'age', 'marriageReadiness']) {
      await expect.element(screen.getByTestId(`breakdown-${component}`)).toBeInTheDocument();
    }

    await expect.element(screen.getByTestId('verified-badge')).toHaveTextContent(words.verified);
    await expect.element(screen.getByTestId('reference-count')).toHaveTextContent(words.references);
  });

  test('says how the member was verified only when the badge is opened', async () => {
    const screen = await renderWithProviders(<MatchCard match={priya} />, { language });
    const how = screen.getByText(words.how, { exact: false });
    await expect.element(how).not.toBeVisible();
    // The badge is a native disclosure: a tap on it opens it.
    await userEvent.click(screen.getByTestId('verified-badge').getByText(words.verified));
    await expect.element(how).toBeVisible();
  });

  test('View Full Profile links to the match page, described by the name, and goes there', async () => {
    const screen = await renderWithProviders(<MatchCard match={priya} />, { language, path: '/browse' });
    const link = screen.getByRole('link', { name: words.viewProfile });
    await expect.element(link).toHaveAttribute('href', '/match/profile-priya');
    await expect.element(link).toHaveAccessibleDescription(words.heading);
    await userEvent.click(link);
    expect(screen.history).toEqual(['/browse', '/match/profile-priya']);
  });

  test('a match without a name, age, photo or trust facts: "Anonymous", the placeholder, the penalty, no badges', async () => {
    const screen = await renderWithProviders(<MatchCard match={anonymous} />, { language });

    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent(new RegExp(`^${words.anonymous}$`));
    await expect.element(screen.getByRole('img', { name: words.noPhoto })).toBeVisible();
    expect(screen.container.querySelectorAll('img')).toHaveLength(0);
    await expect.element(screen.getByTestId('match-score')).toHaveAttribute('data-tone', 'low');
    // Below 50: the outlined pill, on white.
    expect(getComputedStyle(screen.getByTestId('match-score').element()).backgroundColor).toBe('rgb(255, 255, 255)');
    await expect.element(screen.getByTestId('breakdown-penalties')).toHaveTextContent(`${words.penalties}-6`);
    await expect.element(screen.getByTestId('trust-line')).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('verified-badge')).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('reference-count')).not.toBeInTheDocument();
    // The id is one path segment, whatever it holds.
    await expect.element(screen.getByRole('link')).toHaveAttribute('href', '/match/profile%2Fwith%20space');
  });

  test('shows nothing the card should not: no penalty row at zero, no hints, no keys, no empty values, no other language', async () => {
    const screen = await renderWithProviders(<MatchCard match={priya} />, { language });
    await expect.element(screen.getByRole('heading', { level: 2 })).toBeVisible();
    await expect.element(screen.getByTestId('breakdown-penalties')).not.toBeInTheDocument();

    const shown = screen.container.textContent ?? '';
    // Raw catalog keys and values that went missing on the way.
    expect(shown).not.toMatch(/matches\.|references\.|\{\{|undefined|null|NaN/);
    // The match page's explanations (matches.hints) stay there.
    expect(shown).not.toContain(language === 'en' ? 'How near you live' : 'Qué tan cerca viven');
    // The second photo is the match page's.
    expect(screen.container.innerHTML).not.toContain('priya-2.jpg');
    // Not a word of the other language.
    const other = text[language === 'en' ? 'es' : 'en'];
    for (const word of [other.viewProfile, other.breakdownTitle, other.location, other.verified]) expect(shown).not.toContain(word);
  });

  test('says when the person is outside the age range the viewer asked for, and only then', async () => {
    const inside = await renderWithProviders(<MatchCard match={priya} />, { language });
    await expect.element(inside.getByRole('heading', { level: 2 })).toBeVisible();
    await expect.element(inside.getByTestId('outside-age-range')).not.toBeInTheDocument();
    inside.unmount();
    const outside = await renderWithProviders(<MatchCard match={{ ...priya, age: 47, outsideMyAgeRange: true }} />, { language });
    await expect.element(outside.getByTestId('outside-age-range')).toHaveTextContent(words.outsideRange);
  });

  test('has no serious accessibility violation', async () => {
    const screen = await renderWithProviders(
      <ul>
        <li>
          <MatchCard match={priya} />
        </li>
        <li>
          <MatchCard match={anonymous} />
        </li>
      </ul>,
      { language },
    );
    await expect.element(screen.getByRole('link').first()).toBeVisible();
    await expectNoSeriousA11yViolations(screen.container);
  });
});
