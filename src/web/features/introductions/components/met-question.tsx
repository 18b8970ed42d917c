import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { metAnswers, type MetAnswer } from '#domain/introductions/introductions';
import { Button } from '#web/components/ui/button';
import { RadioGroupField } from '#web/components/ui/radio-group';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useMet } from '../api/introductions';

const againChoices = ['yes', 'no', 'unsure'] as const;
type AgainChoice = (typeof againChoices)[number];

/**
 * "Did you meet?" (issue 51), asked on the card a week after both accepted: whether they met or spoke (no / by video /
 * in person) and, if they did, whether she would like to meet again. Only the coordinators read it; nothing is
 * pre-selected, and "not sure" sends no answer to the second question.
 */
export function MetQuestion({ introductionId, otherName }: { introductionId: string; otherName: string }) {
  const { t } = useTranslation();
  const met = useMet();
  const [answer, setAnswer] = useState<MetAnswer | null>(null);
  const [again, setAgain] = useState<AgainChoice | null>(null);
  const [fault, setFault] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer) {
      setFault(t('introductions.met.choose'));
      return;
    }
    setFault(undefined);
    const againValue = answer === 'no' || again === null || again === 'unsure' ? undefined : again === 'yes';
    met.mutate(
      { id: introductionId, met: answer, ...(againValue === undefined ? {} : { again: againValue }) },
      {
        onSuccess: () => toast({ title: t('introductions.met.thanks') }),
        onError: () => toastError(t('common.errors.title'), t('introductions.met.failed')),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-md border border-saffron-300 bg-saffron-50 p-3" data-testid="met-question" aria-labelledby={`met-${introductionId}`}>
      <h3 id={`met-${introductionId}`} className="font-semibold text-stone-900">
        {t('introductions.met.heading', { name: otherName })}
      </h3>
      <p className="text-sm text-stone-700">{t('introductions.met.private', { name: otherName })}</p>
      <RadioGroupField
        legend={t('introductions.met.question', { name: otherName })}
        options={metAnswers.map((value) => ({ value, label: t(`introductions.met.answers.${value}`) }))}
        inputProps={{ name: `met-${introductionId}`, onChange: (event) => setAnswer(event.target.value as MetAnswer) }}
        error={fault}
      />
      {answer && answer !== 'no' ? (
        <RadioGroupField
          legend={t('introductions.met.again', { name: otherName })}
          options={againChoices.map((value) => ({ value, label: t(`introductions.met.againAnswers.${value}`) }))}
          inputProps={{ name: `again-${introductionId}`, onChange: (event) => setAgain(event.target.value as AgainChoice) }}
        />
      ) : null}
      <Button type="submit" className="self-start" disabled={met.isPending}>
        {t('introductions.met.send')}
      </Button>
    </form>
  );
}
