import { CircleHelp, Moon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VedicCompatibility, VedicUncertain } from '#domain/vedic/vedic-answer';
import { Card } from '#web/components/ui/card';

/** The 27 nakshatras, Ashwini = 1: Sanskrit names, written the same in every language. */
const NAKSHATRAS = [
  'Ashwini', 'Bharani', 'Krittika', 'Rohini', 'Mrigashira', 'Ardra', 'Punarvasu', 'Pushya', 'Ashlesha', 'Magha',
  'Purva Phalguni', 'Uttara Phalguni', 'Hasta', 'Chitra', 'Swati', 'Vishakha', 'Anuradha', 'Jyeshtha', 'Mula',
  'Purva Ashadha', 'Uttara Ashadha', 'Shravana', 'Dhanishta', 'Shatabhisha', 'Purva Bhadrapada', 'Uttara Bhadrapada', 'Revati',
] as const;

/** The 12 rashis, Mesha = 1 (their words, with the Western sign's name, are in the catalog). */
const RASHIS = ['mesha', 'vrishabha', 'mithuna', 'karka', 'simha', 'kanya', 'tula', 'vrishchika', 'dhanu', 'makara', 'kumbha', 'meena'] as const;

type Side = 'you' | 'them';
type PersonRow = 'nakshatra' | 'pada' | 'rashi' | 'mangalDosha';
/** What `uncertain` may name of a person: the four rows, and the Mangal dosha counted from the Moon (in its row). */
type PersonResult = PersonRow | 'mangalDoshaFromMoon';
const PERSON_RESULTS: readonly PersonRow[] = ['nakshatra', 'pada', 'rashi', 'mangalDosha'];

export type VedicPanelProps = {
  vedic: VedicCompatibility;
  /** The panel's own heading; its tables are captioned, so it has no lower heading. */
  headingLevel?: 2 | 3;
} & (
  | {
      /** A member reading about a match or an introduction: `you` is the reader ("You"), `them` the other person. */
      viewer: 'member';
      /** The other person's first name; null shows as "Your match". */
      otherName: string | null;
    }
  | {
      /** A coordinator or elder reading a pair: `you` is `firstName`, `them` is `secondName`. */
      viewer: 'staff';
      firstName: string;
      secondName: string;
    }
);

/**
 * The Vedic compatibility of two people who both opted in (issue #52; docs/matching.md, "Vedic compatibility"): the
 * guna total, the eight kootas with what each looks at, the cancellations applied, each person's Moon and Mangal
 * dosha. A result a birth time's window could change is marked "may differ" and listed, never stated as fact. It is
 * one tradition's arithmetic, apart from the score: the closing note says so.
 *
 * The words are the screens' (`vedic.panel`, i18n/screen-texts.ts): a screen showing this loads them first.
 */
export function VedicPanel(props: VedicPanelProps) {
  const { vedic, headingLevel = 2 } = props;
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const uncertain = new Set<VedicUncertain>(vedic.uncertain);

  const names: Record<Side, string> =
    props.viewer === 'staff'
      ? { you: props.firstName, them: props.secondName }
      : { you: t('vedic.panel.you'), them: props.otherName ?? t('vedic.panel.yourMatch') };
  /** "your rashi", "Priya's rashi". */
  const whose = (side: Side, result: PersonResult): string => {
    if (side === 'you' && props.viewer === 'member') return t(`vedic.panel.uncertain.yours.${result}`);
    const name = props.viewer === 'member' ? (props.otherName ?? t('vedic.panel.uncertain.yourMatch')) : names[side];
    return t(`vedic.panel.uncertain.theirs.${result}`, { name });
  };
  const uncertainText = (result: VedicUncertain): string => {
    if (result === 'total' || result === 'cancellations' || result === 'mangalDoshaBalanced') return t(`vedic.panel.uncertain.${result}`);
    const [side, personResult] = result.split('.') as [Side, PersonResult | undefined];
    if (personResult !== undefined) return whose(side, personResult);
    return t(`vedic.panel.kootas.${result as VedicCompatibility['kootas'][number]['name']}.name`);
  };
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });

  const cancelledKootas = new Set(vedic.cancellations.map((code) => code.split('-')[0]));
  const personCell = (side: Side, result: PersonRow): string => {
    const person = vedic[side];
    if (result === 'nakshatra') return NAKSHATRAS[person.nakshatra - 1] ?? String(person.nakshatra);
    if (result === 'pada') return String(person.pada);
    if (result === 'rashi') {
      const rashi = RASHIS[person.rashi - 1];
      return rashi === undefined ? String(person.rashi) : t(`vedic.panel.rashis.${rashi}`);
    }
    if (person.mangalDosha === null && person.mangalDoshaFromMoon !== undefined) {
      // Without a birth time: the tradition's reading from the Moon, named as such.
      return t(person.mangalDoshaFromMoon ? 'vedic.panel.mangal.fromMoonYes' : 'vedic.panel.mangal.fromMoonNo');
    }
    return t(`vedic.panel.mangal.${person.mangalDosha === null ? 'unknown' : person.mangalDosha ? 'yes' : 'no'}`);
  };
  const balance =
    vedic.you.mangalDosha === null || vedic.them.mangalDosha === null
      ? 'unknown'
      : vedic.you.mangalDosha !== vedic.them.mangalDosha
        ? 'one'
        : vedic.you.mangalDosha
          ? 'both'
          : 'neither';

  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4" data-testid="vedic-panel">
        <div>
          <Heading id={titleId} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
            <Moon aria-hidden className="size-5 shrink-0 text-saffron-700" />
            {t('vedic.panel.title')}
          </Heading>
          <p className="mt-1 text-sm text-stone-600">{t('vedic.panel.intro')}</p>
          <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-2xl font-semibold text-stone-900 tabular-nums" data-testid="vedic-total">
            {t('vedic.panel.total', { total: vedic.total })}
            {uncertain.has('total') ? <MayDiffer /> : null}
          </p>
        </div>

        {vedic.uncertain.length > 0 ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800" data-testid="vedic-uncertain">
            <CircleHelp aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
            <span>{t('vedic.panel.uncertainNote', { results: list.format(vedic.uncertain.map(uncertainText)) })}</span>
          </p>
        ) : null}

        <table className="w-full border-collapse text-left text-sm">
          <caption className="pb-2 text-left font-medium text-stone-900">{t('vedic.panel.kootasCaption')}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="py-1 pr-2 font-medium">{t('vedic.panel.kootaColumn')}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t('vedic.panel.meaningColumn')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('vedic.panel.pointsColumn')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {vedic.kootas.map((koota) => (
              <tr key={koota.name} className="align-top" data-testid={`koota-${koota.name}`}>
                <th scope="row" className="py-2 pr-2 font-medium text-stone-900">{t(`vedic.panel.kootas.${koota.name}.name`)}</th>
                <td className="py-2 pr-2 break-words text-stone-700">{t(`vedic.panel.kootas.${koota.name}.meaning`)}</td>
                <td className="py-2 text-right text-stone-900 tabular-nums">
                  <span className="whitespace-nowrap">{t('vedic.panel.pointsOf', { points: koota.points, max: koota.max })}</span>
                  {cancelledKootas.has(koota.name) ? <span className="block text-xs text-stone-600">{t('vedic.panel.doshaCancelled')}</span> : null}
                  {uncertain.has(koota.name) ? <MayDiffer block /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        {vedic.cancellations.length > 0 ? (
          <div data-testid="vedic-cancellations">
            <p className="flex flex-wrap items-baseline gap-x-2 font-medium text-stone-900">
              {t('vedic.panel.cancellationsTitle')}
              {uncertain.has('cancellations') ? <MayDiffer /> : null}
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-stone-800">
              {vedic.cancellations.map((code) => (
                <li key={code}>{t(`vedic.panel.cancellations.${code}`)}</li>
              ))}
            </ul>
            <p className="mt-1 text-sm text-stone-600">{t('vedic.panel.cancellationsNote')}</p>
          </div>
        ) : null}

        <table className="w-full border-collapse text-left text-sm">
          <caption className="pb-2 text-left font-medium text-stone-900">{t('vedic.panel.peopleCaption')}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <td />
              {(['you', 'them'] as const).map((side) => (
                <th key={side} scope="col" className="py-1 pr-2 font-medium break-words text-stone-900">
                  {names[side]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {PERSON_RESULTS.map((result) => (
              <tr key={result} className="align-top" data-testid={`person-${result}`}>
                <th scope="row" className="py-2 pr-2 font-medium text-stone-700">{t(`vedic.panel.${result}`)}</th>
                {(['you', 'them'] as const).map((side) => (
                  <td key={side} className="py-2 pr-2 break-words text-stone-900">
                    {personCell(side, result)}
                    {uncertain.has(`${side}.${result}`) || (result === 'mangalDosha' && uncertain.has(`${side}.mangalDoshaFromMoon`)) ? <MayDiffer block /> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-stone-800" data-testid="vedic-balance">
          {t(`vedic.panel.balance.${balance}`)}
          {uncertain.has('mangalDoshaBalanced') ? (
            <>
              {' '}
              <MayDiffer />
            </>
          ) : null}
        </p>
        <p className="text-sm text-stone-600">{t('vedic.panel.mangalExceptions')}</p>

        <p className="border-t border-stone-100 pt-3 text-sm text-stone-600">{t('vedic.panel.closing')}</p>
      </section>
    </Card>
  );
}

/** The words "may differ" beside a result a birth time's window could change (text, not a colour alone). */
function MayDiffer({ block = false }: { block?: boolean }): ReactNode {
  const { t } = useTranslation();
  const mark = (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-50 px-2 text-xs font-medium whitespace-nowrap text-amber-900" data-testid="may-differ">
      <CircleHelp aria-hidden className="size-3" />
      {t('vedic.panel.mayDiffer')}
    </span>
  );
  return block ? <span className="mt-1 block">{mark}</span> : mark;
}
