import { beforeAll, describe, expect, test } from 'vitest';
import type { VedicCompatibility } from '#domain/vedic/vedic-answer';
import { loadScreenTexts } from '#web/i18n/setup';
import { expectNoSeriousA11yViolations } from '#web/test/a11y';
import { renderWithProviders } from '#web/test/render-with-providers';
import { VedicPanel } from './vedic-panel';

/** Two exact birth times (vedic-match.test.ts's first pair): Rohini in Vrishabha, Hasta in Kanya; bhakoot lifted. */
const exact: VedicCompatibility = {
  total: 32,
  kootas: [
    { name: 'varna', points: 1, max: 1 },
    { name: 'vashya', points: 1, max: 2 },
    { name: 'tara', points: 3, max: 3 },
    { name: 'yoni', points: 1, max: 4 },
    { name: 'grahaMaitri', points: 5, max: 5 },
    { name: 'gana', points: 6, max: 6 },
    { name: 'bhakoot', points: 7, max: 7 },
    { name: 'nadi', points: 8, max: 8 },
  ],
  cancellations: ['bhakoot-friendly-rashi-lords'],
  you: { nakshatra: 4, pada: 1, rashi: 2, mangalDosha: false },
  them: { nakshatra: 13, pada: 2, rashi: 6, mangalDosha: false },
  uncertain: [],
};

/** Her time approximate, across Mesha and Vrishabha; his approximate, with Mangal dosha that could change. */
const approximate: VedicCompatibility = {
  total: 16.5,
  kootas: [
    { name: 'varna', points: 0, max: 1 },
    { name: 'vashya', points: 1, max: 2 },
    { name: 'tara', points: 3, max: 3 },
    { name: 'yoni', points: 3, max: 4 },
    { name: 'grahaMaitri', points: 0.5, max: 5 },
    { name: 'gana', points: 1, max: 6 },
    { name: 'bhakoot', points: 0, max: 7 },
    { name: 'nadi', points: 8, max: 8 },
  ],
  cancellations: [],
  you: { nakshatra: 3, pada: 1, rashi: 1, mangalDosha: false },
  them: { nakshatra: 13, pada: 2, rashi: 6, mangalDosha: true },
  uncertain: ['varna', 'grahaMaitri', 'bhakoot', 'total', 'cancellations', 'you.pada', 'you.rashi', 'them.mangalDosha', 'mangalDoshaBalanced'],
};

/** Ashwini in Mesha and Jyeshtha in Vrishchika (one lord, Mars): both doshas lifted; the second's time unknown. */
const unknownTime: VedicCompatibility = {
  total: 29,
  kootas: [
    { name: 'varna', points: 1, max: 1 },
    { name: 'vashya', points: 1, max: 2 },
    { name: 'tara', points: 3, max: 3 },
    { name: 'yoni', points: 3, max: 4 },
    { name: 'grahaMaitri', points: 5, max: 5 },
    { name: 'gana', points: 1, max: 6 },
    { name: 'bhakoot', points: 7, max: 7 },
    { name: 'nadi', points: 8, max: 8 },
  ],
  cancellations: ['nadi-same-rashi-lord', 'bhakoot-same-rashi-lord'],
  you: { nakshatra: 1, pada: 1, rashi: 1, mangalDosha: true },
  them: { nakshatra: 18, pada: 1, rashi: 8, mangalDosha: null },
  uncertain: ['tara', 'them.nakshatra', 'them.pada'],
};

const text = {
  en: {
    title: 'Vedic compatibility',
    total: '32 of 36 gunas',
    halfTotal: '16.5 of 36 gunas',
    kootas: ['Varna', 'Vashya', 'Tara', 'Yoni', 'Graha maitri', 'Gana', 'Bhakoot', 'Nadi'],
    points: ['1 of 1', '1 of 2', '3 of 3', '1 of 4', '5 of 5', '6 of 6', '7 of 7', '8 of 8'],
    varna: 'Temperament, from the Moon sign (not caste or family)',
    tara: 'Birth-star harmony for well-being',
    half: '0.5 of 5',
    bhakootLifted: 'Bhakoot dosha cancelled: the ruling planets of the two Moon signs are friends.',
    nadiLifted: 'Nadi dosha cancelled: both Moon signs share a ruling planet.',
    sameLord: 'Bhakoot dosha cancelled: both Moon signs share a ruling planet.',
    cancelled: 'dosha cancelled',
    you: 'You',
    yourMatch: 'Your match',
    moons: { nakshatra: ['Nakshatra (birth star)', 'Rohini', 'Hasta'], pada: ['Pada', '1', '2'], rashi: ['Rashi (Moon sign)', 'Vrishabha (Taurus)', 'Kanya (Virgo)'], mangalDosha: ['Mangal dosha (Mars placement)', 'Not present', 'Not present'] },
    neither: 'Mangal dosha appears in neither chart: balanced, in the tradition.',
    one: 'Mangal dosha appears in one chart only. The tradition looks for both or neither.',
    unknownBalance: 'Whether Mangal dosha appears in both charts or neither cannot be said without both birth times.',
    mayDiffer: 'may differ',
    uncertainNote:
      'A birth time is approximate or unknown, so these may differ: Varna, Graha maitri, Bhakoot, the total, the cancellations, your pada, your rashi, Priya’s Mangal dosha, and whether Mangal dosha appears in both charts or neither.',
    staffNote: 'A birth time is approximate or unknown, so these may differ: Tara, Arjun’s nakshatra, and Arjun’s pada.',
    unnamedNote: 'your match’s Mangal dosha',
    mesha: 'Mesha (Aries)',
    mangalUnknown: 'Unknown without a birth time',
    fromMoon: 'Unknown without a birth time. Counted from the Moon, as the tradition does without one: present.',
    closing: 'One traditional view among many, not a prediction. It is not part of your compatibility score and is never used to filter or sort.',
  },
  es: {
    title: 'Compatibilidad védica',
    total: '32 de 36 gunas',
    halfTotal: '16,5 de 36 gunas',
    kootas: ['Varna', 'Vashya', 'Tara', 'Yoni', 'Graha maitri', 'Gana', 'Bhakoot', 'Nadi'],
    points: ['1 de 1', '1 de 2', '3 de 3', '1 de 4', '5 de 5', '6 de 6', '7 de 7', '8 de 8'],
    varna: 'Temperamento, según el signo lunar (no la casta ni la familia)',
    tara: 'Armonía de las estrellas de nacimiento para el bienestar',
    half: '0,5 de 5',
    bhakootLifted: 'Bhakoot dosha anulado: los regentes de los dos signos lunares son amigos.',
    nadiLifted: 'Nadi dosha anulado: los dos signos lunares tienen el mismo regente.',
    sameLord: 'Bhakoot dosha anulado: los dos signos lunares tienen el mismo regente.',
    cancelled: 'dosha anulado',
    you: 'Tú',
    yourMatch: 'Tu coincidencia',
    moons: { nakshatra: ['Nakshatra (estrella de nacimiento)', 'Rohini', 'Hasta'], pada: ['Pada', '1', '2'], rashi: ['Rashi (signo lunar)', 'Vrishabha (Tauro)', 'Kanya (Virgo)'], mangalDosha: ['Mangal dosha (posición de Marte)', 'No presente', 'No presente'] },
    neither: 'El Mangal dosha no aparece en ninguna carta: según la tradición, se equilibra.',
    one: 'El Mangal dosha aparece en una sola carta. La tradición busca que esté en ambas o en ninguna.',
    unknownBalance: 'Sin las dos horas de nacimiento no se puede saber si el Mangal dosha aparece en ambas cartas o en ninguna.',
    mayDiffer: 'puede variar',
    uncertainNote:
      'Una hora de nacimiento es aproximada o no se conoce; por eso esto puede variar: Varna, Graha maitri, Bhakoot, el total, las anulaciones, tu pada, tu rashi, el Mangal dosha de Priya y si el Mangal dosha aparece en ambas cartas o en ninguna.',
    staffNote: 'Una hora de nacimiento es aproximada o no se conoce; por eso esto puede variar: Tara, el nakshatra de Arjun y el pada de Arjun.',
    unnamedNote: 'el Mangal dosha de tu coincidencia',
    mesha: 'Mesha (Aries)',
    mangalUnknown: 'No se sabe sin hora de nacimiento',
    fromMoon: 'No se sabe sin hora de nacimiento. Contado desde la Luna, como hace la tradición sin ella: presente.',
    closing: 'Es una visión tradicional entre muchas, no una predicción. No forma parte de tu puntuación de compatibilidad y nunca se usa para filtrar ni ordenar.',
  },
} as const;

/** The text of each cell of a table row, header cell first. */
const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe.each(['en', 'es'] as const)('VedicPanel [%s]', (language) => {
  const words = text[language];

  beforeAll(async () => {
    // The panel's words come with the screens that show it (screen-texts.ts), as the app loads them.
    await renderWithProviders(<p />, { language });
    await loadScreenTexts();
  });

  test('shows the total, the eight kootas with what each looks at, the cancellation and both Moons, to a member', async () => {
    const screen = await renderWithProviders(<VedicPanel vedic={exact} viewer="member" otherName="Priya" />, { language });
    const section = screen.getByRole('region', { name: words.title });
    await expect.element(section).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: words.title })).toBeVisible();
    await expect.element(screen.getByTestId('vedic-total')).toHaveTextContent(words.total);

    const kootas = screen.getByRole('table', { name: language === 'en' ? 'The eight kootas' : 'Los ocho kootas' });
    const rows = [...kootas.element().querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(words.kootas);
    expect(rows.map((row) => row.querySelector('td:last-child span')?.textContent)).toEqual(words.points);
    // Varna is the koota's name and a neutral meaning: never a caste, a class or anyone's worth. The one mention of
    // caste is the line's own "not caste or family" (the second reader's wording, docs/product-choices.md).
    expect(cells(rows[0]!)[1]).toBe(words.varna);
    expect(rows[0]!.textContent!.replace(/not caste|no la casta/i, '')).not.toMatch(/caste|casta|class|clase|brahmin|kshatriya|vaishya|shudra|higher|lower|superior|inferior/i);
    expect(cells(rows[2]!)[1]).toBe(words.tara);
    // Bhakoot's dosha was lifted: the row says so, and the cancellation is named in words.
    expect(cells(rows[6]!)[2]).toContain(words.cancelled);
    expect(cells(rows[7]!)[2]).not.toContain(words.cancelled);
    expect([...screen.getByTestId('vedic-cancellations').element().querySelectorAll('li')].map((item) => item.textContent)).toEqual([words.bhakootLifted]);

    for (const [result, expected] of Object.entries(words.moons)) expect(cells(screen.getByTestId(`person-${result}`).element())).toEqual(expected);
    const people = screen.getByRole('table', { name: language === 'en' ? 'Each person’s Moon at birth' : 'La Luna de nacimiento de cada persona' });
    await expect.element(people.getByRole('columnheader', { name: words.you })).toBeVisible();
    await expect.element(people.getByRole('columnheader', { name: 'Priya' })).toBeVisible();
    await expect.element(screen.getByTestId('vedic-balance')).toHaveTextContent(words.neither);

    // Exact times: nothing is marked as uncertain.
    expect(screen.container.querySelector('[data-testid="vedic-uncertain"]')).toBeNull();
    expect(screen.container.querySelector('[data-testid="may-differ"]')).toBeNull();
    await expect.element(screen.getByText(words.closing)).toBeVisible();
    // 375 px wide (the tests' viewport): nothing scrolls sideways.
    const panel = screen.getByTestId('vedic-panel').element();
    expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
    await expectNoSeriousA11yViolations(screen.container);
  });

  test('marks what an approximate birth time could change, and lists it, instead of stating it as fact', async () => {
    const screen = await renderWithProviders(<VedicPanel vedic={approximate} viewer="member" otherName="Priya" headingLevel={3} />, { language });
    await expect.element(screen.getByRole('heading', { level: 3, name: words.title })).toBeVisible();
    await expect.element(screen.getByTestId('vedic-uncertain')).toHaveTextContent(words.uncertainNote);
    await expect.element(screen.getByTestId('vedic-total')).toHaveTextContent(`${words.halfTotal}${words.mayDiffer}`);
    const marked = (testId: string) => screen.getByTestId(testId).element().textContent?.includes(words.mayDiffer);
    expect(['varna', 'vashya', 'tara', 'yoni', 'grahaMaitri', 'gana', 'bhakoot', 'nadi'].filter((koota) => marked(`koota-${koota}`))).toEqual(['varna', 'grahaMaitri', 'bhakoot']);
    expect(cells(screen.getByTestId('koota-grahaMaitri').element())[2]).toContain(words.half);
    // Her pada and rashi may differ, his nakshatra does not; his Mangal dosha, and so the balance, may differ.
    const pada = cells(screen.getByTestId('person-pada').element());
    expect(pada[1]).toBe(`1${words.mayDiffer}`);
    expect(pada[2]).toBe('2');
    expect(cells(screen.getByTestId('person-rashi').element())[1]).toBe(`${words.mesha}${words.mayDiffer}`);
    expect(marked('person-nakshatra')).toBe(false);
    expect(cells(screen.getByTestId('person-mangalDosha').element())[2]).toContain(words.mayDiffer);
    await expect.element(screen.getByTestId('vedic-balance')).toHaveTextContent(`${words.one} ${words.mayDiffer}`);
    await expectNoSeriousA11yViolations(screen.container);
  });

  test('reads a pair for a coordinator or elder by their names, a Mangal dosha unknown without a birth time', async () => {
    const screen = await renderWithProviders(<VedicPanel vedic={unknownTime} viewer="staff" firstName="Radha" secondName="Arjun" />, { language });
    const people = screen.getByRole('table', { name: language === 'en' ? 'Each person’s Moon at birth' : 'La Luna de nacimiento de cada persona' });
    await expect.element(people.getByRole('columnheader', { name: 'Radha' })).toBeVisible();
    await expect.element(people.getByRole('columnheader', { name: 'Arjun' })).toBeVisible();
    expect(people.element().textContent).not.toContain(words.you);
    expect(cells(screen.getByTestId('person-nakshatra').element())).toEqual([words.moons.nakshatra[0], 'Ashwini', `Jyeshtha${words.mayDiffer}`]);
    expect(cells(screen.getByTestId('person-mangalDosha').element())[2]).toBe(words.mangalUnknown);
    await expect.element(screen.getByTestId('vedic-balance')).toHaveTextContent(words.unknownBalance);
    await expect.element(screen.getByTestId('vedic-uncertain')).toHaveTextContent(words.staffNote);
    expect([...screen.getByTestId('vedic-cancellations').element().querySelectorAll('li')].map((item) => item.textContent)).toEqual([words.nadiLifted, words.sameLord]);
    expect(cells(screen.getByTestId('koota-nadi').element())[2]).toContain(words.cancelled);
    await expectNoSeriousA11yViolations(screen.container);
  });

  test('without a birth time, names the reading counted from the Moon as such, and marks it when it may differ', async () => {
    const vedic: VedicCompatibility = { ...unknownTime, them: { ...unknownTime.them, mangalDoshaFromMoon: true }, uncertain: [...unknownTime.uncertain, 'them.mangalDoshaFromMoon'] };
    const screen = await renderWithProviders(<VedicPanel vedic={vedic} viewer="staff" firstName="Radha" secondName="Arjun" />, { language });
    expect(cells(screen.getByTestId('person-mangalDosha').element())[2]).toBe(`${words.fromMoon}${words.mayDiffer}`);
    // The balance still needs both times: the reading from the Moon is not the ascendant's.
    await expect.element(screen.getByTestId('vedic-balance')).toHaveTextContent(words.unknownBalance);
    await expectNoSeriousA11yViolations(screen.container);
  });

  test('names the other person "your match" when the match has no first name', async () => {
    const screen = await renderWithProviders(<VedicPanel vedic={approximate} viewer="member" otherName={null} />, { language });
    const people = screen.getByRole('table', { name: language === 'en' ? 'Each person’s Moon at birth' : 'La Luna de nacimiento de cada persona' });
    await expect.element(people.getByRole('columnheader', { name: words.yourMatch })).toBeVisible();
    await expect.element(screen.getByTestId('vedic-uncertain')).toHaveTextContent(words.unnamedNote);
  });
});
