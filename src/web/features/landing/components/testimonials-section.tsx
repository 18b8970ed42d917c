import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '#web/components/page/titled-section';
import { Card } from '#web/components/ui/card';
import type { SiteStory } from '#domain/site/site-info';
import { getSiteInfo } from '#web/lib/site-info';
import { useLanguage } from '#web/features/language/components/language-provider';

/**
 * The stories members agreed to share and the admin published (issue 51 part 5); without any, the admin's
 * testimonials, or the spec's samples until they are replaced; none: no section.
 */
export function TestimonialsSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { testimonials, sampleTestimonials, stories } = getSiteInfo();
  if (stories && stories.length > 0) return <StoriesSection stories={stories} />;
  if (testimonials.length === 0) return null;
  return (
    <TitledSection id="landing-testimonials-title" title={t('landing.testimonials.title')} titleStyle="landing" className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-20">

      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-3">
        {testimonials.map((item, index) => (
          <li key={index}>
            <Card className="h-full">
              <figure className="flex h-full flex-col">
                <Quote className="size-7 text-saffron-700" aria-hidden="true" />
                <blockquote className="mt-3 flex-1 leading-relaxed text-stone-800 italic">
                  <p>{item.quote[language]}</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-stone-200 pt-4 text-sm">
                  <span className="block font-semibold text-stone-900">{item.author}</span>
                  <span className="block text-stone-700">{item.role[language]}</span>
                  {item.location ? <span className="block text-stone-600">{item.location}</span> : null}
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-600">{t(sampleTestimonials ? 'landing.testimonials.note' : 'landing.testimonials.noteShared')}</p>
    </TitledSection>
  );
}

/** Published stories: each member's own words under the name they chose, and the photo of the two when one was given. */
function StoriesSection({ stories }: { stories: SiteStory[] }) {
  const { t } = useTranslation();
  return (
    <TitledSection id="landing-testimonials-title" title={t('landing.testimonials.title')} titleStyle="landing" className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-20">
      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-3" data-testid="landing-stories">
        {stories.map((story) => {
          const couple = t('landing.testimonials.couple', { first: story.parts[0]?.names ?? '', second: story.parts[1]?.names ?? '' });
          return (
            <li key={story.id}>
              <Card className="h-full">
                <figure className="flex h-full flex-col gap-3">
                  {story.photo ? (
                    <img src={story.photo} alt={t('landing.testimonials.photoOf', { couple })} loading="lazy" className="aspect-[4/3] w-full rounded-md object-cover" />
                  ) : (
                    <Quote className="size-7 text-saffron-700" aria-hidden="true" />
                  )}
                  {story.parts
                    .filter((part) => part.text)
                    .map((part, index) => (
                      <blockquote key={index} className="leading-relaxed text-stone-800 italic">
                        <p>{part.text}</p>
                        <footer className="mt-1 text-sm not-italic text-stone-600">{part.names}</footer>
                      </blockquote>
                    ))}
                  <figcaption className="mt-auto border-t border-stone-200 pt-4 text-sm">
                    <span className="block font-semibold text-stone-900">{couple}</span>
                    <span className="block text-stone-700">{t(`introductions.statuses.${story.status}`)}</span>
                  </figcaption>
                </figure>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-stone-600">{t('landing.testimonials.noteStories')}</p>
    </TitledSection>
  );
}
