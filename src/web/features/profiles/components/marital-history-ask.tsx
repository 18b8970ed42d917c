import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maritalHistories, type MaritalHistory } from '#domain/profile/biodata';
import { profileInput } from '#domain/profile/profile-input';
import type { OwnProfile } from '#domain/profile/profile-api';
import { enumOptions } from '#web/components/person/enum-labels';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { errorText } from '#web/lib/error-text';
import { useSaveProfile } from '../api/save-profile';
import { profileFormValues } from './profile-form';

/** Where "Not now" is remembered, a member a key: asked once on a device, not at every visit. */
const dismissedKey = (profileId: string) => `sanga.maritalHistoryAsked.${profileId}`;

/**
 * Families ask first about marital history. A profile made before the form asked it is asked once, on the member's
 * next visit to /profile, in one step: the answer is saved with the rest of the profile as it is.
 */
export function MaritalHistoryAsk({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const [answer, setAnswer] = useState<MaritalHistory | ''>('');
  const [missing, setMissing] = useState(false);
  const [dismissed, setDismissed] = useState(() => readDismissed(profile.id));
  if (profile.maritalHistory !== null || dismissed) return null;

  function submit() {
    if (!answer) {
      setMissing(true);
      return;
    }
    const parsed = profileInput.safeParse({ ...profileFormValues(profile), maritalHistory: answer });
    // A profile saved under older rules may not pass today's: the whole form then says what to mend.
    if (!parsed.success) {
      window.location.hash = 'profile-biodata-title';
      return;
    }
    save.mutate(parsed.data);
  }

  function notNow() {
    try {
      localStorage.setItem(dismissedKey(profile.id), '1');
    } catch {
      // Storage refused (private mode): asked again next time, which is harmless.
    }
    setDismissed(true);
  }

  return (
    <Card className="flex flex-col gap-4 border-saffron-200 bg-saffron-50 p-4 md:p-6" data-testid="marital-history-ask">
      <section aria-labelledby="marital-history-ask-title" className="flex flex-col gap-3">
        <h2 id="marital-history-ask-title" className="font-serif text-xl font-semibold text-stone-900">
          {t('profile.maritalHistoryAsk.title')}
        </h2>
        <p className="text-stone-800">{t('profile.maritalHistoryAsk.body')}</p>
        <SelectField
          label={t('profile.form.fields.maritalHistory')}
          options={enumOptions(t).maritalHistory}
          placeholder={t('profile.form.selectPlaceholder')}
          value={answer}
          error={missing && !answer ? t('profile.validation.maritalHistoryRequired') : undefined}
          onChange={(event) => setAnswer(maritalHistories.find((value) => value === event.target.value) ?? '')}
        />
        <FormAlert>{save.isError ? errorText(t, save.error, t('profile.toasts.saveFailed')) : null}</FormAlert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="button" onClick={submit} disabled={save.isPending}>
            {save.isPending ? t('profile.form.saving') : t('profile.maritalHistoryAsk.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={notNow}>
            {t('profile.maritalHistoryAsk.notNow')}
          </Button>
        </div>
      </section>
    </Card>
  );
}

function readDismissed(profileId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(profileId)) === '1';
  } catch {
    return false;
  }
}
