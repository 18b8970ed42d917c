import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { signInHref } from '#web/lib/sign-in-href';
import { useLeaveGuard } from '#web/lib/use-leave-guard';
import { get, useForm, useFormState, useWatch, type Control, type DefaultValues, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#web/lib/format-date';
import { useLocation } from 'wouter';
import { type AgeFlexibility, DEFAULT_MAX_AGE, DEFAULT_MIN_AGE } from '#domain/profile/profile';
import { profileFields, profileFormInput, type ProfileFormFields, type ProfileFormOutput } from '#domain/profile/profile-input';
import type { OwnProfile } from '#domain/profile/profile-api';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/field';
import { AgeField } from '#web/components/ui/age-field';
import { RadioGroupField } from '#web/components/ui/radio-group';
import { SelectField } from '#web/components/ui/select';
import { CheckboxField } from '#web/components/ui/checkbox';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { translateValidation } from '#web/i18n/validation-text';
import { isSignedOut } from '#web/lib/api';
import { showServerFieldErrors } from '#web/lib/server-form-errors';
import { errorText as failureText } from '#web/lib/error-text';
import { useSaveProfile } from '../api/save-profile';
import { enumOptions } from '#web/components/person/enum-labels';
import { heightOptions, useHeightUnit } from '#web/components/person/height';
import { MAX_FAMILY_BACKGROUND } from '#domain/profile/biodata';
import { useTimeouts } from '../use-timeouts';
import { birthTimeAccuracies, type BirthPlace } from '#domain/profile/vedic';
import { PlaceCombobox } from './place-combobox';

/** spec §9: redirect after profile creation 1500 ms; re-login redirect 500 ms. */
export const PHOTOS_REDIRECT_MS = 1500;
export const RELOGIN_REDIRECT_MS = 500;

/** The form's fields are the profile's fields (domain profile.ts); education's and practice's parts by their paths. */
const formFields: readonly FieldPath<ProfileFormFields>[] = [
  ...profileFields,
  'education.level',
  'education.field',
  'practice.tradition',
  'practice.traditionOther',
  'practice.initiation',
  'practice.daily',
  'mustHaves.maritalHistory',
  'mustHaves.children',
  'mustHaves.wantsChildren',
  'mustHaves.tradition',
  'mustHaves.heightCm.min',
  'mustHaves.heightCm.max',
  'vedic.optIn',
  'vedic.birthTime',
  'vedic.birthTimeAccuracy',
  'vedic.birthPlace',
  'vedic.birthPlace.name',
  'vedic.birthPlace.latitude',
  'vedic.birthPlace.longitude',
  'vedic.birthPlace.timeZone',
];

type FormField = FieldPath<ProfileFormFields>;

/** The form's starting values: the saved profile, or an empty form with the spec's defaults. */
export function profileFormValues(profile: OwnProfile | null): DefaultValues<ProfileFormFields> {
  if (!profile) {
    return {
      name: '',
      dateOfBirth: '',
      minAge: DEFAULT_MIN_AGE,
      maxAge: DEFAULT_MAX_AGE,
      ageFlexibility: 'flexible',
      exactLocation: '',
      communityAffiliation: '',
      languagesSpoken: '',
      dealBreakers: '',
      dealMakers: '',
      aboutYou: '',
      ...biodataFormValues(null),
      photosPrivate: false,
      vedic: vedicFormValues(null),
    };
  }
  return {
    name: profile.name,
    gender: profile.gender,
    dateOfBirth: profile.dateOfBirth ?? '',
    minAge: profile.minAge,
    maxAge: profile.maxAge,
    ageFlexibility: profile.ageFlexibility,
    exactLocation: profile.exactLocation,
    relocation: profile.relocation,
    communityAffiliation: profile.communityAffiliation,
    courtshipAlignment: profile.courtshipAlignment,
    dietAlignment: profile.dietAlignment,
    languagesSpoken: profile.languagesSpoken ?? '',
    dealBreakers: profile.dealBreakers,
    dealMakers: profile.dealMakers,
    aboutYou: profile.aboutYou,
    marriageReadinessConsultation: profile.marriageReadinessConsultation,
    ...biodataFormValues(profile),
    photosPrivate: profile.photosPrivate,
    vedic: vedicFormValues(profile),
  };
}

/** The birth details' form values: the saved ones, or not opted in with empty fields. */
function vedicFormValues(profile: OwnProfile | null) {
  const vedic = profile?.vedic;
  return {
    optIn: vedic?.optIn ?? false,
    birthTime: vedic?.birthTime ?? '',
    birthTimeAccuracy: vedic?.birthTimeAccuracy ?? '',
    birthPlace: vedic?.birthPlace ?? null,
  };
}

/** The biodata's form values: '' for every answer not given (the selects' empty option, the empty text). */
function biodataFormValues(profile: OwnProfile | null): DefaultValues<ProfileFormFields> {
  return {
    maritalHistory: profile?.maritalHistory ?? '',
    children: profile?.children ?? '',
    wantsChildren: profile?.wantsChildren ?? '',
    education: { level: profile?.education.level ?? '', field: profile?.education.field ?? '' },
    profession: profile?.profession ?? '',
    heightCm: profile?.heightCm == null ? '' : String(profile.heightCm),
    familyBackground: profile?.familyBackground ?? '',
    familyInvolvement: profile?.familyInvolvement == null ? '' : String(profile.familyInvolvement),
    practice: {
      tradition: profile?.practice.tradition ?? '',
      traditionOther: profile?.practice.traditionOther ?? '',
      initiation: profile?.practice.initiation ?? '',
      daily: profile?.practice.daily ?? '',
    },
    // Checkboxes of the accepted values; the height range's two selects in centimetres ('' for no bound).
    mustHaves: {
      maritalHistory: profile?.mustHaves?.maritalHistory ?? [],
      children: profile?.mustHaves?.children ?? [],
      wantsChildren: profile?.mustHaves?.wantsChildren ?? [],
      tradition: profile?.mustHaves?.tradition ?? [],
      heightCm: {
        min: profile?.mustHaves?.heightCm ? String(profile.mustHaves.heightCm.min) : '',
        max: profile?.mustHaves?.heightCm ? String(profile.mustHaves.heightCm.max) : '',
      },
    },
  };
}

/** The /profile form: About You, Family and Background, Spiritual Practice, Compatibility Basics, Next Steps; creates or updates the profile. */
export function ProfileForm({ profile }: { profile: OwnProfile | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const save = useSaveProfile();
  const later = useTimeouts();

  const form = useForm<ProfileFormFields, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormInput),
    defaultValues: profileFormValues(profile),
  });
  // Leaving with edits not saved asks first (before, they were lost without a word).
  // dirtyFields, not isDirty: a new form's controlled fields settle on values a little different from the
  // defaults, which isDirty counts as an edit; dirtyFields lists only fields the person changed.
  const edited = Object.keys(form.formState.dirtyFields).length > 0;
  useLeaveGuard(edited && !save.isPending, t('profile.form.leaveUnsaved'));
  const isNew = profile === null;
  // The marital history answered in the card above the form (MaritalHistoryAsk) comes into the form, unless the
  // member is choosing it here.
  const savedMaritalHistory = profile?.maritalHistory ?? '';
  const { resetField } = form;
  const choosingMaritalHistory = Boolean(form.formState.dirtyFields.maritalHistory);
  useEffect(() => {
    if (!choosingMaritalHistory) resetField('maritalHistory', { defaultValue: savedMaritalHistory });
  }, [savedMaritalHistory, resetField, choosingMaritalHistory]);
  // Translated once for the three sections, and the same object while the language stays (the sections are memo).
  const options = useMemo(() => enumOptions(t), [t]);

  function handleSubmit(values: ProfileFormOutput) {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(profileFormValues(saved));
        toast({ title: t('profile.toasts.successTitle'), description: isNew ? t('profile.toasts.created') : t('profile.toasts.updated') });
        if (isNew) later(() => navigate('/profile/photos'), PHOTOS_REDIRECT_MS);
      },
      onError: (error) => {
        if (isSignedOut(error)) {
          toastError(t('profile.toasts.unauthorizedTitle'), t('profile.toasts.unauthorized'));
          later(() => {
            window.location.href = signInHref('/profile');
          }, RELOGIN_REDIRECT_MS);
          return;
        }
        const fieldErrors = showServerFieldErrors(form, error, formFields);
        toastError(t('profile.toasts.errorTitle'), fieldErrors > 0 ? t('profile.toasts.invalidFields') : failureText(t, error, t('profile.toasts.saveFailed')));
      },
    });
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-6">
      <AboutSection form={form} options={options} />
      <BiodataSection form={form} options={options} />
      <PracticeSection form={form} options={options} />
      <CompatibilitySection form={form} options={options} />
      <MustHavesSection form={form} options={options} />
      <VedicSection form={form} />
      <NextStepsSection form={form} options={options} saving={save.isPending} isNew={isNew} consultationRequestedAt={profile?.consultationRequestedAt ?? null} />
    </form>
  );
}

type ProfileFormApi = UseFormReturn<ProfileFormFields, unknown, ProfileFormOutput>;
type FieldOptions = ReturnType<typeof enumOptions>;

/*
 * The form's sections are memoized and read their errors themselves (useFieldErrors): react-hook-form's useForm
 * re-renders the component that holds it right after it mounts (it sets `isReady` in a layout effect, so
 * synchronously, in the same task as the commit) and again on the first edit; the forty fields need not render
 * again for either (a long task on a phone). `form` is the same object on every render.
 */

/** The field's error, translated; the section re-renders when the form's errors change. */
function useFieldErrors(control: Control<ProfileFormFields, unknown, ProfileFormOutput>) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control });
  return (field: FormField) => translateValidation(t, (get(errors, field) as { message?: string } | undefined)?.message);
}

const AboutSection = memo(function AboutSection({ form, options }: { form: ProfileFormApi; options: FieldOptions }) {
  const { t, i18n } = useTranslation();
  const errorText = useFieldErrors(form.control);
  return (
    <FormSection id="profile-about" title={t('profile.form.sections.about')} intro={t('profile.form.sections.aboutIntro')}>
      <TextField label={t('profile.form.fields.name')} autoComplete="name" error={errorText('name')} {...form.register('name')} />
      <RadioGroupField
        legend={t('profile.form.fields.gender')}
        options={options.gender}
        error={errorText('gender')}
        inputProps={form.register('gender')}
      />
      <TextField
        label={t('profile.form.fields.dateOfBirth')}
        type="date"
        // The browser's date picker takes its language from the input (and the page): Spanish reads dd/mm/aaaa.
        lang={i18n.language}
        autoComplete="bday"
        hint={t('profile.form.fields.dateOfBirthHint')}
        error={errorText('dateOfBirth')}
        {...form.register('dateOfBirth')}
      />
      <TextField
        label={t('profile.form.fields.exactLocation')}
        autoComplete="off"
        hint={t('profile.form.fields.exactLocationHint')}
        error={errorText('exactLocation')}
        {...form.register('exactLocation')}
      />
      <TextField
        label={t('profile.form.fields.communityAffiliation')}
        hint={t('profile.form.fields.communityAffiliationHint')}
        error={errorText('communityAffiliation')}
        {...form.register('communityAffiliation')}
      />
      <TextField
        label={t('profile.form.fields.languagesSpoken')}
        hint={t('profile.form.fields.languagesSpokenHint')}
        error={errorText('languagesSpoken')}
        {...form.register('languagesSpoken')}
      />
      <div>
        <TextareaField
          label={t('profile.form.fields.aboutYou')}
          rows={6}
          hint={t('profile.form.fields.aboutYouHint')}
          error={errorText('aboutYou')}
          {...form.register('aboutYou')}
        />
        <CharacterCount control={form.control} name="aboutYou" />
      </div>
    </FormSection>
  );
});

const BiodataSection = memo(function BiodataSection({ form, options }: { form: ProfileFormApi; options: FieldOptions }) {
  const { t } = useTranslation();
  const errorText = useFieldErrors(form.control);
  const unit = useHeightUnit();
  const heights = useMemo(() => heightOptions(t, unit), [t, unit]);
  const notAnswered = t('profile.form.notAnswered');
  return (
    <FormSection id="profile-biodata" title={t('profile.form.sections.biodata')} intro={t('profile.form.sections.biodataIntro')}>
      <SelectField
        label={t('profile.form.fields.maritalHistory')}
        options={options.maritalHistory}
        placeholder={t('profile.form.selectPlaceholder')}
        error={errorText('maritalHistory')}
        {...form.register('maritalHistory')}
      />
      <SelectField label={t('profile.form.fields.children')} options={options.children} placeholder={notAnswered} error={errorText('children')} {...form.register('children')} />
      <SelectField
        label={t('profile.form.fields.wantsChildren')}
        options={options.wantsChildren}
        placeholder={notAnswered}
        error={errorText('wantsChildren')}
        {...form.register('wantsChildren')}
      />
      <SelectField
        label={t('profile.form.fields.educationLevel')}
        options={options.educationLevel}
        placeholder={notAnswered}
        error={errorText('education.level')}
        {...form.register('education.level')}
      />
      <TextField
        label={t('profile.form.fields.educationField')}
        hint={t('profile.form.fields.educationFieldHint')}
        error={errorText('education.field')}
        {...form.register('education.field')}
      />
      <TextField label={t('profile.form.fields.profession')} autoComplete="organization-title" error={errorText('profession')} {...form.register('profession')} />
      <SelectField label={t('profile.form.fields.heightCm')} options={heights} placeholder={notAnswered} error={errorText('heightCm')} {...form.register('heightCm')} />
      <SelectField
        label={t('profile.form.fields.familyInvolvement')}
        options={options.familyInvolvement}
        placeholder={notAnswered}
        error={errorText('familyInvolvement')}
        {...form.register('familyInvolvement')}
      />
      <TextareaField
        label={t('profile.form.fields.familyBackground')}
        rows={4}
        maxLength={MAX_FAMILY_BACKGROUND}
        hint={t('profile.form.fields.familyBackgroundHint')}
        error={errorText('familyBackground')}
        {...form.register('familyBackground')}
      />
    </FormSection>
  );
});

const PracticeSection = memo(function PracticeSection({ form, options }: { form: ProfileFormApi; options: FieldOptions }) {
  const { t } = useTranslation();
  const errorText = useFieldErrors(form.control);
  const tradition = useWatch({ control: form.control, name: 'practice.tradition' });
  const notAnswered = t('profile.form.notAnswered');
  return (
    <FormSection id="profile-practice" title={t('profile.form.sections.practice')} intro={t('profile.form.sections.practiceIntro')}>
      <SelectField
        label={t('profile.form.fields.tradition')}
        options={options.tradition}
        placeholder={notAnswered}
        error={errorText('practice.tradition')}
        {...form.register('practice.tradition')}
      />
      {/* Their own words only for Other: any other tradition is named by the list. */}
      {tradition === 'other' ? (
        <TextField label={t('profile.form.fields.traditionOther')} error={errorText('practice.traditionOther')} {...form.register('practice.traditionOther')} />
      ) : null}
      <SelectField
        label={t('profile.form.fields.initiation')}
        hint={t('profile.form.fields.initiationHint')}
        options={options.initiation}
        placeholder={notAnswered}
        error={errorText('practice.initiation')}
        {...form.register('practice.initiation')}
      />
      <TextField
        label={t('profile.form.fields.dailyPractice')}
        hint={t('profile.form.fields.dailyPracticeHint')}
        error={errorText('practice.daily')}
        {...form.register('practice.daily')}
      />
    </FormSection>
  );
});

const CompatibilitySection = memo(function CompatibilitySection({ form, options }: { form: ProfileFormApi; options: FieldOptions }) {
  const { t } = useTranslation();
  const errorText = useFieldErrors(form.control);
  return (
    <FormSection
      id="profile-compatibility"
      title={t('profile.form.sections.compatibility')}
      intro={t('profile.form.sections.compatibilityIntro')}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('profile.form.fields.ageRange')}</legend>
        <p className="text-sm text-stone-600">{t('profile.form.fields.ageRangeHint')}</p>
        <div className="grid grid-cols-2 gap-3">
          <AgeField
            label={t('profile.form.fields.minAge')}
            error={errorText('minAge')}
            {...form.register('minAge')}
          />
          <AgeField
            label={t('profile.form.fields.maxAge')}
            error={errorText('maxAge')}
            {...form.register('maxAge')}
          />
        </div>
      </fieldset>
      {/* A visible choice, each option saying what it does: left on its default, a range quietly let anyone in. */}
      <RadioGroupField
        legend={t('profile.form.fields.ageFlexibility')}
        options={options.ageFlexibility.map((option) => ({ ...option, description: t(`profile.form.ageFlexibilityMeans.${option.value as AgeFlexibility}`) }))}
        error={errorText('ageFlexibility')}
        inputProps={form.register('ageFlexibility')}
      />
      <SelectField
        label={t('profile.form.fields.relocation')}
        options={options.relocation}
        placeholder={t('profile.form.selectPlaceholder')}
        error={errorText('relocation')}
        {...form.register('relocation')}
      />
      <SelectField
        label={t('profile.form.fields.courtshipAlignment')}
        options={options.courtshipAlignment}
        placeholder={t('profile.form.selectPlaceholder')}
        error={errorText('courtshipAlignment')}
        {...form.register('courtshipAlignment')}
      />
      <SelectField
        label={t('profile.form.fields.dietAlignment')}
        options={options.dietAlignment}
        placeholder={t('profile.form.selectPlaceholder')}
        error={errorText('dietAlignment')}
        {...form.register('dietAlignment')}
      />
      <div>
        <TextareaField
          label={t('profile.form.fields.dealMakers')}
          hint={t('profile.form.fields.dealMakersHint')}
          error={errorText('dealMakers')}
          {...form.register('dealMakers')}
        />
        <CharacterCount control={form.control} name="dealMakers" />
      </div>
      <div>
        <TextareaField
          label={t('profile.form.fields.dealBreakers')}
          hint={t('profile.form.fields.dealBreakersHint')}
          error={errorText('dealBreakers')}
          {...form.register('dealBreakers')}
        />
        <CharacterCount control={form.control} name="dealBreakers" />
      </div>
    </FormSection>
  );
});

type MustHaveList = 'maritalHistory' | 'children' | 'wantsChildren' | 'tradition';
const mustHaveFieldLabels = {
  maritalHistory: 'mustHaveMaritalHistory',
  children: 'mustHaveChildren',
  wantsChildren: 'mustHaveWantsChildren',
  tradition: 'mustHaveTradition',
} as const satisfies Record<MustHaveList, string>;

/**
 * What the member would consider (domain must-haves.ts): for each list, a checkbox for every answer (none checked:
 * anyone), and a height range in the reader's units (stored in centimetres). Mutual, and never shown to anyone.
 */
const MustHavesSection = memo(function MustHavesSection({ form, options }: { form: ProfileFormApi; options: FieldOptions }) {
  const { t } = useTranslation();
  const errorText = useFieldErrors(form.control);
  const unit = useHeightUnit();
  const heights = useMemo(() => heightOptions(t, unit), [t, unit]);
  const anyHeight = t('profile.form.fields.mustHaveAnyHeight');
  return (
    <FormSection id="profile-must-haves" title={t('profile.form.sections.mustHaves')} intro={t('profile.form.sections.mustHavesIntro')}>
      {(Object.keys(mustHaveFieldLabels) as MustHaveList[]).map((list) => {
        const error = errorText(`mustHaves.${list}`);
        return (
          <fieldset key={list} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{t(`profile.form.fields.${mustHaveFieldLabels[list]}`)}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {options[list].map((option) => (
                <CheckboxField key={option.value} label={option.label} value={option.value} className="min-h-11 justify-center" {...form.register(`mustHaves.${list}`)} />
              ))}
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('profile.form.fields.mustHaveHeight')}</legend>
        <p className="text-sm text-stone-600">{t('profile.form.fields.mustHaveHeightHint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField
            label={t('profile.form.fields.mustHaveHeightMin')}
            options={heights}
            placeholder={anyHeight}
            error={errorText('mustHaves.heightCm.min')}
            {...form.register('mustHaves.heightCm.min')}
          />
          <SelectField
            label={t('profile.form.fields.mustHaveHeightMax')}
            options={heights}
            placeholder={anyHeight}
            error={errorText('mustHaves.heightCm.max')}
            {...form.register('mustHaves.heightCm.max')}
          />
        </div>
      </fieldset>
    </FormSection>
  );
});

/**
 * Vedic compatibility (issue 52): an opt-in, then the time of birth, how exact it is and the place (searched in the
 * shipped list of cities). Never shown to anyone; unticking deletes them when the profile is saved.
 */
const VedicSection = memo(function VedicSection({ form }: { form: ProfileFormApi }) {
  const { t } = useTranslation();
  const errorText = useFieldErrors(form.control);
  const optIn = useWatch({ control: form.control, name: 'vedic.optIn' }) === true;
  const accuracy = useWatch({ control: form.control, name: 'vedic.birthTimeAccuracy' });
  // Watched and set rather than useController: react-hook-form's chunk is shared with the sign-in screen, whose
  // first download has no room for more of it (npm run test:size).
  const place = useWatch({ control: form.control, name: 'vedic.birthPlace' }) as BirthPlace | null | undefined;
  const { isSubmitted } = useFormState({ control: form.control });
  const accuracyOptions = birthTimeAccuracies.map((value) => ({
    value,
    label: t(value === 'exact' ? 'vedic.form.accuracyExact' : value === 'approximate' ? 'vedic.form.accuracyApproximate' : 'vedic.form.accuracyUnknown'),
  }));
  const placeError = errorText('vedic.birthPlace') ?? errorText('vedic.birthPlace.name') ?? errorText('vedic.birthPlace.latitude') ?? errorText('vedic.birthPlace.longitude') ?? errorText('vedic.birthPlace.timeZone');
  return (
    <FormSection id="profile-vedic" title={t('vedic.form.title')} intro={t('vedic.form.intro')}>
      <CheckboxField label={t('vedic.form.optIn')} hint={t('vedic.form.optInHint')} error={errorText('vedic.optIn')} {...form.register('vedic.optIn')} />
      {optIn ? (
        <>
          {/* "I do not know the time" below turns the time off. */}
          <TextField
            label={t('vedic.form.birthTime')}
            type="time"
            step={60}
            hint={t('vedic.form.birthTimeHint')}
            disabled={accuracy === 'unknown'}
            error={errorText('vedic.birthTime')}
            {...form.register('vedic.birthTime')}
          />
          <RadioGroupField
            legend={t('vedic.form.accuracy')}
            options={accuracyOptions}
            error={errorText('vedic.birthTimeAccuracy')}
            inputProps={form.register('vedic.birthTimeAccuracy')}
          />
          <PlaceCombobox
            label={t('vedic.form.birthPlace')}
            hint={t('vedic.form.birthPlaceHint')}
            error={placeError}
            name="vedic.birthPlace"
            value={place ?? null}
            onChange={(chosen) => form.setValue('vedic.birthPlace', chosen, { shouldDirty: true, shouldValidate: isSubmitted })}
          />
        </>
      ) : null}
    </FormSection>
  );
});

const NextStepsSection = memo(function NextStepsSection({
  form,
  options,
  saving,
  isNew,
  consultationRequestedAt,
}: {
  form: ProfileFormApi;
  options: FieldOptions;
  saving: boolean;
  isNew: boolean;
  /** When the saved Yes reached the coordinators (null unless the saved answer is Yes). */
  consultationRequestedAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useFieldErrors(form.control);
  return (
    <FormSection id="profile-next-steps" title={t('profile.form.sections.nextSteps')} intro={t('profile.form.sections.nextStepsIntro')}>
      <RadioGroupField
        legend={t('profile.form.fields.marriageReadinessConsultation')}
        hint={t('profile.form.fields.marriageReadinessConsultationHint')}
        options={options.marriageReadinessConsultation}
        error={errorText('marriageReadinessConsultation')}
        inputProps={form.register('marriageReadinessConsultation')}
      />
      {/* The Yes is a request to the coordinators: the member reads that it arrived, and what happens next. */}
      {consultationRequestedAt ? (
        <p className="rounded-md border border-saffron-100 bg-saffron-50 p-3 text-stone-800" data-testid="consultation-received">
          {t('profile.form.consultationReceived', { date: formatDate(consultationRequestedAt, i18n.language) })}
        </p>
      ) : null}
      {/* Who sees the photos: a saved choice of the profile (photosPrivate), kept with its other answers. */}
      <CheckboxField label={t('profile.form.fields.photosPrivate')} hint={t('profile.form.fields.photosPrivateHint')} error={errorText('photosPrivate')} {...form.register('photosPrivate')} />
      <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-start">
        {saving ? t('profile.form.saving') : isNew ? t('profile.form.create') : t('profile.form.update')}
      </Button>
    </FormSection>
  );
});

function FormSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-5">
        <div>
          <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold text-stone-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{intro}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

/** How many characters a long text has (after trimming, as the rules count them). */
function CharacterCount({ control, name }: { control: Control<ProfileFormFields, unknown, ProfileFormOutput>; name: 'aboutYou' | 'dealMakers' | 'dealBreakers' }) {
  const { t } = useTranslation();
  const value = useWatch({ control, name });
  const count = typeof value === 'string' ? value.trim().length : 0;
  return <p className="mt-1 text-right text-xs text-stone-600">{t('profile.form.characterCount', { count })}</p>;
}
