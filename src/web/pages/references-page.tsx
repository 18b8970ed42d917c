import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '#domain/language/language';
import { referenceRelationships, referenceRequestInput, type ReferenceRelationship } from '#domain/references/references';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/field';
import { SelectField } from '#web/components/ui/select';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useMyReferences, useRequestReference, useWithdrawReference } from '#web/features/references/api/references';
import { fieldErrorsOf } from '#web/features/references/field-errors';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';

const FIELDS = ['name', 'email', 'relationship', 'language'] as const;

/**
 * Route /profile/references: the member's reference requests (who, how they know them, the status; never
 * the answers, which are confidential to coordinators and elders), Withdraw, and the form to ask someone.
 */
export function ReferencesPage() {
  const { t, i18n } = useTranslation();
  const references = useMyReferences();
  const withdraw = useWithdrawReference();

  const list = (
    <QueryView query={references} failed={t('references.mine.loadFailed')} empty={<p className="text-stone-700">{t('references.mine.empty')}</p>}>
      {(mine) => (
      <ul className="flex flex-col gap-3" data-testid="my-references">
        {mine.map((reference) => (
          <li key={reference.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-stone-900">{reference.name}</p>
                <p className="text-sm text-stone-700">{t(`references.relationships.${reference.relationship}`)}</p>
                <p className="text-sm text-stone-700">
                  <span className="font-medium">{t(`references.statuses.${reference.status}`)}</span>
                  {' · '}
                  {reference.answeredAt
                    ? t('references.mine.answeredOn', { date: formatDate(reference.answeredAt, i18n.language) })
                    : t('references.mine.requestedOn', { date: formatDate(reference.requestedAt, i18n.language) })}
                </p>
              </div>
              {reference.status === 'requested' || reference.status === 'received' ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={t('references.mine.withdrawLabel', { name: reference.name })}
                  disabled={withdraw.isPending && withdraw.variables === reference.id}
                  onClick={() =>
                    withdraw.mutate(reference.id, {
                      onSuccess: () => toast({ title: t('references.mine.withdrawn') }),
                      onError: (error) => toastError(errorText(t, error, t('references.mine.withdrawFailed'))),
                    })
                  }
                >
                  {t('references.mine.withdraw')}
                </Button>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      )}
    </QueryView>
  );

  return (
    <PageFrame width="form" title={t('references.mine.title')} intro={<p>{t('references.mine.intro')}</p>}>
      <div className="flex flex-col gap-6">
        <p className="rounded-md border border-saffron-200 bg-saffron-50 p-3 text-stone-900" data-testid="references-confidential">
          {t('references.mine.confidential')}
        </p>
        <TitledSection id="references-list" title={t('references.mine.listTitle')} titleStyle="panel" className="flex flex-col gap-3">
          {list}
        </TitledSection>
        <RequestForm />
      </div>
    </PageFrame>
  );
}

function RequestForm() {
  const { t, i18n } = useTranslation();
  const request = useRequestReference();
  const [values, setValues] = useState({ name: '', email: '', relationship: '' as ReferenceRelationship | '', language: (i18n.language === 'es' ? 'es' : 'en') as Language });
  const [tried, setTried] = useState(false);
  const parsed = tried ? referenceRequestInput.safeParse(values) : null;
  const errors = fieldErrorsOf(t, FIELDS, parsed, request.error);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const input = referenceRequestInput.safeParse(values);
    if (!input.success) return;
    request.mutate(input.data, {
      onSuccess: () => {
        toast({ title: t('references.mine.sent', { name: input.data.name }) });
        setValues((old) => ({ ...old, name: '', email: '', relationship: '' }));
        setTried(false);
      },
    });
  };

  return (
    <section aria-labelledby="references-form">
      <Card className="flex flex-col gap-4">
        <h2 id="references-form" className="text-xl font-semibold text-stone-900">
          {t('references.mine.formTitle')}
        </h2>
        <p className="text-sm text-stone-700">{t('references.mine.limits')}</p>
        {request.isError && Object.keys(errors).length === 0 ? <FormAlert>{errorText(t, request.error, t('references.mine.sendFailed'))}</FormAlert> : null}
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <TextField label={t('references.mine.name')} name="name" autoComplete="off" value={values.name} onChange={set('name')} error={errors.name} maxLength={80} />
          <TextField label={t('references.mine.email')} name="email" type="email" autoComplete="off" value={values.email} onChange={set('email')} error={errors.email} />
          <SelectField
            label={t('references.mine.relationship')}
            name="relationship"
            value={values.relationship}
            onChange={set('relationship')}
            placeholder=""
            error={errors.relationship}
            options={referenceRelationships.map((value) => ({ value, label: t(`references.relationships.${value}`) }))}
          />
          <SelectField
            label={t('references.mine.language')}
            name="language"
            value={values.language}
            onChange={set('language')}
            error={errors.language}
            options={languages.map((value) => ({ value, label: t(`references.mine.languages.${value}`) }))}
          />
          <Button type="submit" className="self-start" disabled={request.isPending}>
            {request.isPending ? t('references.mine.sending') : t('references.mine.send')}
          </Button>
        </form>
      </Card>
    </section>
  );
}
