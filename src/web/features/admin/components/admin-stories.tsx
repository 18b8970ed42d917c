import { useTranslation } from 'react-i18next';
import type { AdminStory } from '#domain/introductions/stories';
import { Button } from '#web/components/ui/button';
import { toast, toastError } from '#web/components/ui/toast-store';
import { AdminSection } from './admin-section';
import { formatDate } from '#web/lib/format-date';
import { errorText } from '#web/lib/error-text';
import { useAdminStories, usePublishStory } from '../api/stories';

/**
 * The admin's stories (issue 51 part 5): those both members agreed to share, drafts first, each with both members'
 * words and photo; publishing puts it on the landing page in place of the testimonials, and either member's
 * withdrawal takes it off at once (it then leaves this list too).
 */
export function AdminStories() {
  const { t } = useTranslation();
  const stories = useAdminStories();
  return (
    <AdminSection
      id="admin-stories"
      title={t('introductions.stories.admin.title')}
      titleWithCount={(count) => t('introductions.stories.admin.titleCount', { count })}
      empty={t('introductions.stories.admin.empty')}
      query={stories}
      items={stories.data}
      itemKey={(story) => story.id}
      renderItem={(story) => <StoryItem story={story} />}
    />
  );
}

function StoryItem({ story }: { story: AdminStory }) {
  const { t, i18n } = useTranslation();
  const publish = usePublishStory();
  const couple = t('landing.testimonials.couple', { first: story.parts[0]?.names ?? '', second: story.parts[1]?.names ?? '' });
  const toggle = () =>
    publish.mutate(
      { id: story.id, publish: story.publishedAt === null },
      {
        onSuccess: () => toast({ title: t(story.publishedAt === null ? 'introductions.stories.admin.published' : 'introductions.stories.admin.unpublished', { couple }) }),
        onError: (error) => toastError(t('common.errors.title'), errorText(t, error)),
      },
    );
  return (
    <article className="space-y-3" data-testid="admin-story" aria-label={couple}>
      <p className="font-semibold text-stone-900">
        {couple} · {t(`introductions.statuses.${story.status}`)}
      </p>
      <p className="text-sm text-stone-600">
        {story.publishedAt
          ? t('introductions.stories.admin.publishedOn', { date: formatDate(story.publishedAt, i18n.language) })
          : t('introductions.stories.admin.agreedOn', { date: formatDate(story.agreedAt, i18n.language) })}
      </p>
      {story.photo ? <img src={story.photo} alt={t('landing.testimonials.photoOf', { couple })} className="max-h-48 w-auto rounded-md" /> : null}
      {story.parts.map((part, index) => (
        <blockquote key={index} className="border-l-4 border-saffron-200 pl-3 text-stone-800">
          <p>{part.text || t('introductions.stories.admin.noWords')}</p>
          <footer className="text-sm text-stone-600">{part.names}</footer>
        </blockquote>
      ))}
      <Button type="button" variant={story.publishedAt ? 'secondary' : 'primary'} disabled={publish.isPending} onClick={toggle}>
        {t(story.publishedAt ? 'introductions.stories.admin.unpublish' : 'introductions.stories.admin.publish')}
      </Button>
    </article>
  );
}
