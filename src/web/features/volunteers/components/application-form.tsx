import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applicationFormValues,
  toApplicationPayload,
  type VolunteerProfile,
  volunteerApplicationForm,
  type VolunteerApplicationForm,
  type VolunteerApplicationFormValues,
} from '#domain/volunteers/volunteer';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CheckboxField } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/field';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import enVolunteer from '#web/i18n/en/volunteer';
import esVolunteer from '#web/i18n/es/volunteer';
import { translateValidation } from '#web/i18n/validation-text';
import { showServerFieldErrors } from '#web/lib/server-form-errors';
import { errorText } from '#web/lib/error-text';
import { useSubmitApplication } from '../api/submit-application';

/** The form's fields: the form schema's keys. */
const applicationFormFields = Object.keys(volunteerApplicationForm.shape) as (keyof VolunteerApplicationFormValues)[];
/** The payload's firstName and lastName are made from the form's name (spec §7 note). */
const nameParts = { firstName: 'name', lastName: 'name' } as const;

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4">
      <h2 id={id} className="font-serif text-xl font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The /volunteer-apply form (spec §5 rules, checked here and again by the server). */
export function ApplicationForm({
  defaultEmail,
  defaultName = '',
  existing,
  onSubmitted,
}: {
  defaultEmail: string;
  /** The name on the person's profile, when there is one: a new application starts from it. */
  defaultName?: string;
  /** The application already sent: Update Application starts from it. */
  existing?: VolunteerProfile | null;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitApplication();
  const form = useForm<VolunteerApplicationFormValues, unknown, VolunteerApplicationForm>({
    resolver: zodResolver(volunteerApplicationForm),
    defaultValues: existing
      ? applicationFormValues(existing, [enVolunteer.apply.payloadLabels, esVolunteer.apply.payloadLabels])
      : {
      name: defaultName,
      email: defaultEmail,
      dateOfBirth: '',
      contribution: '',
      background: '',
      freeOfferings: '',
      paidServices: '',
      donationInfo: '',
      minimumDonation: '',
    },
  });
  const errors = form.formState.errors;
  const error = (message: string | undefined) => translateValidation(t, message);

  function handleSubmit(values: VolunteerApplicationForm) {
    const payload = toApplicationPayload(values, {
      freeOfferings: t('volunteer.apply.payloadLabels.freeOfferings'),
      paidServices: t('volunteer.apply.payloadLabels.paidServices'),
    });
    submit.mutate(payload, {
      onSuccess: () => {
        toast({ title: t('volunteer.toasts.submittedTitle'), description: t('volunteer.toasts.submitted') });
        onSubmitted();
      },
      onError: (failure) => {
        const fieldErrors = showServerFieldErrors(form, failure, applicationFormFields, nameParts);
        toastError(t('volunteer.toasts.errorTitle'), fieldErrors > 0 ? t('volunteer.toasts.invalidFields') : errorText(t, failure, t('volunteer.toasts.submitFailed')));
      },
    });
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-6">
      <p className="text-sm text-stone-600">{t('volunteer.apply.required')}</p>
      <FormSection id="volunteer-about" title={t('volunteer.apply.sections.about')}>
        <TextField label={t('volunteer.apply.fields.name')} autoComplete="name" error={error(errors.name?.message)} {...form.register('name')} />
        <TextField
          label={t('volunteer.apply.fields.email')}
          type="email"
          autoComplete="email"
          error={error(errors.email?.message)}
          {...form.register('email')}
        />
        <TextField
          label={t('volunteer.apply.fields.dateOfBirth')}
          hint={t('volunteer.apply.fields.dateOfBirthHint')}
          autoComplete="bday-year"
          error={error(errors.dateOfBirth?.message)}
          {...form.register('dateOfBirth')}
        />
      </FormSection>

      <FormSection id="volunteer-offer" title={t('volunteer.apply.sections.offer')}>
        <TextField
          label={t('volunteer.apply.fields.contribution')}
          hint={t('volunteer.apply.fields.contributionHint')}
          error={error(errors.contribution?.message)}
          {...form.register('contribution')}
        />
        <TextareaField
          label={t('volunteer.apply.fields.background')}
          hint={t('volunteer.apply.fields.backgroundHint')}
          rows={6}
          error={error(errors.background?.message)}
          {...form.register('background')}
        />
        <TextareaField
          label={t('volunteer.apply.fields.freeOfferings')}
          hint={t('volunteer.apply.fields.freeOfferingsHint')}
          rows={3}
          error={error(errors.freeOfferings?.message)}
          {...form.register('freeOfferings')}
        />
        <TextareaField
          label={t('volunteer.apply.fields.paidServices')}
          hint={t('volunteer.apply.fields.paidServicesHint')}
          rows={3}
          error={error(errors.paidServices?.message)}
          {...form.register('paidServices')}
        />
      </FormSection>

      <FormSection id="volunteer-support" title={t('volunteer.apply.sections.support')}>
        <TextareaField
          label={t('volunteer.apply.fields.donationInfo')}
          hint={t('volunteer.apply.fields.donationInfoHint')}
          rows={3}
          error={error(errors.donationInfo?.message)}
          {...form.register('donationInfo')}
        />
        <TextField
          label={t('volunteer.apply.fields.minimumDonation')}
          hint={t('volunteer.apply.fields.minimumDonationHint', { amount: 20 })}
          error={error(errors.minimumDonation?.message)}
          {...form.register('minimumDonation')}
        />
      </FormSection>

      <FormSection id="volunteer-agreement" title={t('volunteer.apply.sections.agreement')}>
        <CheckboxField
          label={t('volunteer.apply.fields.agreement')}
          hint={t('volunteer.apply.fields.agreementExplanation')}
          error={error(errors.agreeToRevenueSplit?.message)}
          {...form.register('agreeToRevenueSplit')}
        />
      </FormSection>

      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:self-end">
        <Send aria-hidden className="size-5" />
        {submit.isPending ? t('volunteer.apply.submitting') : t('volunteer.apply.submit')}
      </Button>
    </form>
  );
}
