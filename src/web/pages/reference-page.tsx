import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { referenceAnswerInput } from '#domain/references/references';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/field';
import { RadioGroupField } from '#web/components/ui/radio-group';
import { TextareaField } from '#web/components/ui/textarea';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useLanguage } from '#web/features/language/components/language-provider';
import { useAnswerReference, useDeclineReference, useReferenceRequest } from '#web/features/references/api/references';
import { fieldErrorsOf } from '#web/features/references/field-errors';
import { errorText } from '#web/lib/error-text';

const FIELDS = ['refereeName', 'knownForYears', 'inGoodStanding', 'recommend', 'character', 'concerns', 'mayContact', 'phone'] as const;

/**
 * Route /reference/{token}: the referee's page, no sign-in. It opens in the language the member chose for
 * the mail (the switch in the header still works), says who reads the answers and that the member does not, and
 * takes the answer or a decline once.
 */
export function ReferencePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams<{ token: string }>();
  const request = useReferenceRequest(token);
  const answer = useAnswerReference(token);
  const decline = useDeclineReference(token);
  const { followLinkLanguage } = useLanguage();
  const { isLoading: userLoading } = useCurrentUser();
  const languageSet = useRef(false);
  useEffect(() => {
    // The link's language once, on arrival (once it is known whether someone is signed in); after that the reader's
    // own choice wins.
    if (request.data && !userLoading && !languageSet.current) {
      languageSet.current = true;
      followLinkLanguage(request.data.language);
    }
  }, [request.data, userLoading, followLinkLanguage]);

  const [values, setValues] = useState({ refereeName: '', knownForYears: '', inGoodStanding: '', recommend: '', character: '', concerns: '', mayContact: false, phone: '' });
  const [tried, setTried] = useState(false);
  const candidate = { ...values, knownForYears: values.knownForYears.trim() === '' ? undefined : Number(values.knownForYears), phone: values.phone || undefined, concerns: values.concerns || undefined };
  const parsed = tried ? referenceAnswerInput.safeParse(candidate) : null;
  const errors = fieldErrorsOf(t, FIELDS, parsed, answer.error);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((old) => ({ ...old, [key]: event.target.value }));

  if (request.isPending && token) {
    return (
      <PageFrame width="form" title={t('references.referee.titleUnknown')}>
        <PageLoading />
      </PageFrame>
    );
  }
  if (!request.data) {
    return (
      <PageFrame width="form" title={t('references.referee.titleUnknown')}>
        <FormAlert>{t('references.referee.invalid')}</FormAlert>
      </PageFrame>
    );
  }
  const name = request.data.memberName || request.data.memberFirstName;
  const { memberCity, hasPhoto } = request.data;
  const done = answer.isSuccess ? t('references.referee.thanks') : decline.isSuccess ? t('references.referee.declined') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const input = referenceAnswerInput.safeParse(candidate);
    if (input.success) answer.mutate(input.data);
  };

  return (
    <PageFrame
      width="form"
      title={t('references.referee.title', { name })}
      intro={<p>{t('references.referee.intro', { name, relationship: t(`references.relationships.${request.data.relationship}`).toLowerCase() })}</p>}
    >
      <div className="flex flex-col gap-5">
        {/* Whom the referee vouches for; the photo only while the request is open (the server refuses it after). */}
        <section aria-label={t('references.referee.who')} data-testid="referee-member" className="flex items-center gap-3">
          {hasPhoto && !done ? (
            <img
              src={`/api/reference-requests/${encodeURIComponent(token)}/photo`}
              alt={t('references.referee.photoAlt', { name })}
              width={64}
              height={64}
              className="h-16 w-16 shrink-0 rounded-full bg-stone-100 object-cover"
            />
          ) : null}
          <p className="min-w-0 break-words text-stone-900">
            <span className="font-semibold">{name}</span>
            {memberCity ? <span className="text-stone-700"> {t('references.referee.from', { city: memberCity })}</span> : null}
          </p>
        </section>
        <p className="rounded-md border border-saffron-200 bg-saffron-50 p-3 text-stone-900" data-testid="referee-privacy">
          {t('references.referee.privacy', { name })}
        </p>
        {done ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {done}
          </p>
        ) : (
          <>
            {(answer.isError && Object.keys(errors).length === 0) || decline.isError ? (
              <FormAlert>{errorText(t, answer.error ?? decline.error, t('references.referee.failed'))}</FormAlert>
            ) : null}
            <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
              <TextField label={t('references.referee.refereeName')} name="refereeName" autoComplete="name" value={values.refereeName} onChange={set('refereeName')} error={errors.refereeName} maxLength={80} />
              <TextField
                label={t('references.referee.knownForYears')}
                name="knownForYears"
                type="number"
                inputMode="numeric"
                min={0}
                max={80}
                value={values.knownForYears}
                onChange={set('knownForYears')}
                error={errors.knownForYears}
              />
              <RadioGroupField
                legend={t('references.referee.inGoodStanding')}
                error={errors.inGoodStanding}
                inputProps={{ name: 'inGoodStanding', onChange: set('inGoodStanding') }}
                options={(['yes', 'no', 'unsure'] as const).map((value) => ({ value, label: t(`references.referee.standing.${value}`) }))}
              />
              <RadioGroupField
                legend={t('references.referee.recommend')}
                error={errors.recommend}
                inputProps={{ name: 'recommend', onChange: set('recommend') }}
                options={(['yes', 'with-reservations', 'no'] as const).map((value) => ({ value, label: t(`references.referee.recommendations.${value}`) }))}
              />
              <TextareaField label={t('references.referee.character')} hint={t('references.referee.characterHint')} name="character" value={values.character} onChange={set('character')} error={errors.character} maxLength={2000} rows={5} />
              <TextareaField label={t('references.referee.concerns')} name="concerns" value={values.concerns} onChange={set('concerns')} error={errors.concerns} maxLength={2000} rows={3} />
              <CheckboxField label={t('references.referee.mayContact')} name="mayContact" checked={values.mayContact} onChange={(event) => setValues((old) => ({ ...old, mayContact: event.target.checked }))} />
              {values.mayContact ? (
                <TextField label={t('references.referee.phone')} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} maxLength={40} />
              ) : null}
              <Button type="submit" className="self-start" disabled={answer.isPending}>
                {answer.isPending ? t('references.referee.submitting') : t('references.referee.submit')}
              </Button>
            </form>
            <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
              <p className="text-sm text-stone-700">{t('references.referee.declineHint')}</p>
              <Button type="button" variant="secondary" className="self-start" disabled={decline.isPending} onClick={() => decline.mutate()}>
                {t('references.referee.decline')}
              </Button>
            </div>
          </>
        )}
      </div>
    </PageFrame>
  );
}
