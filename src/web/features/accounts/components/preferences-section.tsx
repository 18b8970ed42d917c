import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { preferences as preferencesSchema, type Preferences } from '#domain/accounts/account';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { useSavePreferences } from '#web/lib/preferences';
import { Done, SettingsSection } from '#web/components/page/settings-section';

/** Rendered once the saved preferences are loaded, so the form starts from them. */
export function PreferencesSection({ saved }: { saved: Preferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const form = useForm<z.input<typeof preferencesSchema>, unknown, Preferences>({ resolver: zodResolver(preferencesSchema), defaultValues: formValues(saved) });
  // The header's switch saves the language too: the form follows it unless the member is changing it here.
  const { resetField, formState } = form;
  useEffect(() => {
    if (!formState.dirtyFields.language) resetField('language', { defaultValue: saved.language });
  }, [saved.language, resetField, formState.dirtyFields.language]);

  return (
    <SettingsSection id="preferences" title={t('account.preferences.heading')}>
      <form noValidate onSubmit={form.handleSubmit(({ language, notifyMessages, notifyIntroductions, heightUnit }) =>
          // The push switches are the push section's (features/push): left out, the server keeps them as they are.
          save.mutate({ language, notifyMessages, notifyIntroductions, heightUnit }, { onSuccess: (next) => form.reset(formValues(next)) }),
        )} className="flex flex-col gap-4">
        <SelectField
          label={t('account.preferences.language')}
          options={[
            { value: 'en', label: t('common.language.en') },
            { value: 'es', label: t('common.language.es') },
          ]}
          {...form.register('language')}
        />
        <SelectField
          label={t('account.preferences.heightUnit')}
          options={[
            { value: '', label: t('account.preferences.heightUnitByLanguage') },
            { value: 'ft-in', label: t('profile.enums.heightUnit.ftIn') },
            { value: 'cm', label: t('profile.enums.heightUnit.cm') },
          ]}
          {...form.register('heightUnit')}
        />
        <CheckboxField label={t('account.preferences.notifyMessages')} {...form.register('notifyMessages')} />
        <CheckboxField label={t('account.preferences.notifyIntroductions')} {...form.register('notifyIntroductions')} />
        {save.isSuccess && !form.formState.isDirty ? <Done>{t('account.preferences.saved')}</Done> : null}
        <FormAlert>{save.isError ? t('common.errors.generic') : null}</FormAlert>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? t('account.preferences.submitting') : t('account.preferences.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}

/** The form's values: the height units' first option ('') stands for none chosen. */
function formValues(saved: Preferences): z.input<typeof preferencesSchema> {
  return { ...saved, heightUnit: saved.heightUnit ?? '' };
}
