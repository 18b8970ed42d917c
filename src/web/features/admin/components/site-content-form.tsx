import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TESTIMONIALS, type SiteContentInput } from '#domain/site/site-content';
import type { SiteInfo } from '#domain/site/site-info';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/field';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useSaveSiteContent, useSiteContent } from '../api/staff-and-site';
import { siteContentFaults } from './site-content-faults';

interface TestimonialDraft {
  quoteEn: string;
  quoteEs: string;
  author: string;
  location: string;
  roleEn: string;
  roleEs: string;
  consent: boolean;
}

interface Draft {
  ministryName: string;
  ministryLineEn: string;
  ministryLineEs: string;
  ministryUrl: string;
  contactEmail: string;
  donationUrl: string;
  testimonials: TestimonialDraft[];
}

/** The form starts from what the site shows; the samples are listed too, but not as consented (they are invented). */
function draftOf(site: SiteInfo): Draft {
  return {
    ministryName: site.ministryName ?? '',
    ministryLineEn: site.ministryLine?.en ?? '',
    ministryLineEs: site.ministryLine?.es ?? '',
    ministryUrl: site.ministryUrl ?? '',
    contactEmail: site.contactEmail,
    donationUrl: site.donationUrl ?? '',
    testimonials: site.sampleTestimonials
      ? []
      : site.testimonials.map((item) => ({ quoteEn: item.quote.en, quoteEs: item.quote.es, author: item.author, location: item.location, roleEn: item.role.en, roleEs: item.role.es, consent: true })),
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

function inputOf(draft: Draft): SiteContentInput {
  return {
    ministryName: orNull(draft.ministryName),
    ministryLine: draft.ministryLineEn.trim() || draft.ministryLineEs.trim() ? { en: draft.ministryLineEn, es: draft.ministryLineEs } : null,
    ministryUrl: orNull(draft.ministryUrl),
    contactEmail: draft.contactEmail.trim(),
    donationUrl: orNull(draft.donationUrl),
    testimonials: draft.testimonials.map((item) => ({
      quote: { en: item.quoteEn, es: item.quoteEs },
      author: item.author,
      location: item.location,
      role: { en: item.roleEn, es: item.roleEs },
      // The server refuses anything but true: an unticked box is a 400 and the story stays unpublished.
      consent: item.consent as true,
    })),
  };
}

/** A field's element id, from its name in the form ("testimonials.0.quoteEn"). */
const fieldId = (field: string) => `site-content-${field.replaceAll('.', '-')}`;

const emptyTestimonial: TestimonialDraft = { quoteEn: '', quoteEs: '', author: '', location: '', roleEn: '', roleEs: '', consent: false };

function SiteContentFields({ site }: { site: SiteInfo }) {
  const { t } = useTranslation();
  const save = useSaveSiteContent();
  const [draft, setDraft] = useState<Draft>(() => draftOf(site));
  // After a first save attempt, each field shows what is wrong with it as it is edited.
  const [tried, setTried] = useState(false);
  const faults = tried ? siteContentFaults(inputOf(draft)) : {};
  const fault = (field: string) => {
    const found = faults[field];
    return found ? t(`admin.siteContent.validation.${found}`) : undefined;
  };
  const fieldProps = (field: string) => ({ id: fieldId(field), error: fault(field) });
  const set = (field: keyof Omit<Draft, 'testimonials'>) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));
  const setItem = (index: number, change: Partial<TestimonialDraft>) =>
    setDraft((d) => ({ ...d, testimonials: d.testimonials.map((item, i) => (i === index ? { ...item, ...change } : item)) }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const faulty = new Set(Object.keys(siteContentFaults(inputOf(draft))).map(fieldId));
    if (faulty.size > 0) {
      // The first field in the form's order that needs the admin, as the browser's own check would have done.
      const first = [...event.currentTarget.elements].find((element) => faulty.has(element.id));
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    save.mutate(inputOf(draft), {
      onSuccess: () => toast({ title: t('admin.toasts.successTitle'), description: t('admin.siteContent.saved') }),
      onError: () => toastError(t('admin.toasts.errorTitle'), t('admin.siteContent.failed')),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-4 rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-700">{t('admin.siteContent.intro')}</p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <TextField label={t('admin.siteContent.ministryName')} {...fieldProps('ministryName')} value={draft.ministryName} onChange={set('ministryName')} maxLength={120} />
        <TextField label={t('admin.siteContent.ministryUrl')} type="url" {...fieldProps('ministryUrl')} value={draft.ministryUrl} onChange={set('ministryUrl')} />
        <TextField label={t('admin.siteContent.ministryLineEn')} lang="en" {...fieldProps('ministryLineEn')} value={draft.ministryLineEn} onChange={set('ministryLineEn')} maxLength={300} />
        <TextField label={t('admin.siteContent.ministryLineEs')} lang="es" {...fieldProps('ministryLineEs')} value={draft.ministryLineEs} onChange={set('ministryLineEs')} maxLength={300} />
        <TextField label={t('admin.siteContent.contactEmail')} type="email" required {...fieldProps('contactEmail')} value={draft.contactEmail} onChange={set('contactEmail')} />
        <TextField label={t('admin.siteContent.donationUrl')} type="url" {...fieldProps('donationUrl')} value={draft.donationUrl} onChange={set('donationUrl')} />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-stone-900">{t('admin.siteContent.testimonials')}</legend>
        {site.sampleTestimonials ? <p className="text-sm text-stone-700">{t('admin.siteContent.samples')}</p> : null}
        {draft.testimonials.map((item, index) => (
          <fieldset key={index} className="space-y-3 rounded-md border border-stone-200 p-3">
            <legend className="px-1 font-medium text-stone-900">{t('admin.siteContent.testimonial', { number: index + 1 })}</legend>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <TextareaField label={t('admin.siteContent.quoteEn')} {...fieldProps(`testimonials.${index}.quoteEn`)} lang="en" rows={3} required maxLength={600} value={item.quoteEn} onChange={(e) => setItem(index, { quoteEn: e.target.value })} />
              <TextareaField label={t('admin.siteContent.quoteEs')} {...fieldProps(`testimonials.${index}.quoteEs`)} lang="es" rows={3} required maxLength={600} value={item.quoteEs} onChange={(e) => setItem(index, { quoteEs: e.target.value })} />
              <TextField label={t('admin.siteContent.author')} {...fieldProps(`testimonials.${index}.author`)} required maxLength={80} value={item.author} onChange={(e) => setItem(index, { author: e.target.value })} />
              <TextField label={t('admin.siteContent.location')} {...fieldProps(`testimonials.${index}.location`)} maxLength={80} value={item.location} onChange={(e) => setItem(index, { location: e.target.value })} />
              <TextField label={t('admin.siteContent.roleEn')} {...fieldProps(`testimonials.${index}.roleEn`)} lang="en" required maxLength={80} value={item.roleEn} onChange={(e) => setItem(index, { roleEn: e.target.value })} />
              <TextField label={t('admin.siteContent.roleEs')} {...fieldProps(`testimonials.${index}.roleEs`)} lang="es" required maxLength={80} value={item.roleEs} onChange={(e) => setItem(index, { roleEs: e.target.value })} />
            </div>
            <CheckboxField label={t('admin.siteContent.consent')} required {...fieldProps(`testimonials.${index}.consent`)} checked={item.consent} onChange={(e) => setItem(index, { consent: e.target.checked })} />
            <Button type="button" variant="secondary" size="sm" onClick={() => setDraft((d) => ({ ...d, testimonials: d.testimonials.filter((_, i) => i !== index) }))}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('admin.siteContent.remove', { number: index + 1 })}
            </Button>
          </fieldset>
        ))}
        {draft.testimonials.length < MAX_TESTIMONIALS ? (
          <Button type="button" variant="secondary" onClick={() => setDraft((d) => ({ ...d, testimonials: [...d.testimonials, emptyTestimonial] }))}>
            <Plus className="size-4" aria-hidden="true" />
            {t('admin.siteContent.add')}
          </Button>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('admin.siteContent.saving') : t('admin.siteContent.save')}
      </Button>
    </form>
  );
}

/** The admin's "Site content" section: ministry, contact and donation addresses, testimonials. */
export function SiteContentSection() {
  const { t } = useTranslation();
  const site = useSiteContent();
  return (
    <section id="admin-site-content" aria-labelledby="admin-site-content-title" className="mt-10">
      <h2 id="admin-site-content-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('admin.siteContent.title')}
      </h2>
      {site.data ? <SiteContentFields site={site.data} /> : null}
    </section>
  );
}
