import { describe, expect, test } from 'vitest';
import type { MatchDetail } from '#domain/matching/match-api';
import { expectNoSeriousA11yViolations } from '#web/test/a11y';
import { renderWithProviders } from '#web/test/render-with-providers';
import { MatchScoreCard } from './match-score-card';

const compatibility: MatchDetail['compatibility'] = {
  userId: 'user-priya',
  score: 74,
  breakdown: { location: 18, community: 15, courtship: 12, diet: 16, age: 13, marriageReadiness: 0, penalties: 0 },
  biodataFit: [
    { field: 'wantsChildren', fit: 'different' },
    { field: 'tradition', fit: 'same' },
    { field: 'familyInvolvement', fit: 'same' },
  ],
};

const text = {
  en: {
    title: 'What families ask first',
    intro: 'These answers do not change the score: they are shown here side by side.',
    lines: ['You differ about having children', 'You follow the same tradition', 'You agree about involving your families from the start'],
  },
  es: {
    title: 'Lo que las familias preguntan primero',
    intro: 'Estas respuestas no cambian la puntuación: se muestran aquí lado a lado.',
    lines: ['Ustedes difieren sobre tener hijos', 'Siguen la misma tradición', 'Coinciden sobre la participación de sus familias desde el principio'],
  },
} as const;

describe.each(['en', 'es'] as const)('MatchScoreCard [%s]', (language) => {
  const words = text[language];

  test('lists the biodata beside the score, in its order, saying it moves no point', async () => {
    const screen = await renderWithProviders(<MatchScoreCard compatibility={compatibility} />, { language });
    const fit = screen.getByTestId('biodata-fit');
    await expect.element(fit.getByRole('heading', { level: 3, name: words.title })).toBeVisible();
    await expect.element(fit.getByText(words.intro)).toBeVisible();
    expect([...fit.element().querySelectorAll('li')].map((item) => item.textContent)).toEqual(words.lines);
    await expectNoSeriousA11yViolations(screen.container);
  });

  test('shows nothing of it when the two share none of these answers', async () => {
    const screen = await renderWithProviders(<MatchScoreCard compatibility={{ ...compatibility, biodataFit: [] }} />, { language });
    await expect.element(screen.getByTestId('breakdown-location')).toBeInTheDocument();
    expect(screen.container.querySelector('[data-testid="biodata-fit"]')).toBeNull();
  });
});
