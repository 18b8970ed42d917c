import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STORY_NAMES_MAX, STORY_TEXT_MAX } from '#domain/introductions/stories';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { PhotoPicker } from '#web/components/ui/photo-picker';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { useStoryAnswer, useStoryPhoto } from '../api/stories';

/**
 * "Would you share your story?" (issue 51 part 5), on the card of an introduction engaged or married: asked of each
 * member separately, never saying what the other answered. A yes takes the name to show and a few words if she likes,
 * then a photo of the two if she likes; she can withdraw it at any time, which takes the story down at once.
 */
export function StoryQuestion({ introductionId, otherName, shared }: { introductionId: string; otherName: string; shared: boolean }) {
  const { t } = useTranslation();
  const headingId = `story-${introductionId}`;
  return (
    <section className="flex flex-col gap-3 rounded-md border border-saffron-300 bg-saffron-50 p-3" data-testid="story-question" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t(shared ? 'introductions.stories.sharedHeading' : 'introductions.stories.heading')}
      </h3>
      {shared ? <SharedStory introductionId={introductionId} otherName={otherName} /> : <StoryForm introductionId={introductionId} otherName={otherName} />}
    </section>
  );
}

function StoryForm({ introductionId, otherName }: { introductionId: string; otherName: string }) {
  const { t } = useTranslation();
  const answer = useStoryAnswer();
  const [names, setNames] = useState('');
  const [text, setText] = useState('');
  const [fault, setFault] = useState<string | undefined>();

  const share = (event: FormEvent) => {
    event.preventDefault();
    if (!names.trim()) {
      setFault(t('introductions.stories.namesRequired'));
      return;
    }
    setFault(undefined);
    answer.mutate(
      { id: introductionId, share: true, names, ...(text.trim() ? { text } : {}) },
      {
        onSuccess: () => toast({ title: t('introductions.stories.thanks') }),
        onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.stories.failed'))),
      },
    );
  };
  const decline = () =>
    answer.mutate(
      { id: introductionId, share: false },
      { onSuccess: () => toast({ title: t('introductions.stories.declined') }), onError: () => toastError(t('common.errors.title'), t('introductions.stories.failed')) },
    );

  return (
    <form noValidate onSubmit={share} className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{t('introductions.stories.ask', { name: otherName })}</p>
      <TextField
        id={`story-names-${introductionId}`}
        label={t('introductions.stories.names')}
        hint={t('introductions.stories.namesHint')}
        value={names}
        maxLength={STORY_NAMES_MAX}
        autoComplete="off"
        onChange={(event) => setNames(event.target.value)}
        error={fault}
      />
      <TextareaField
        id={`story-text-${introductionId}`}
        label={t('introductions.stories.text')}
        hint={t('introductions.stories.textHint')}
        value={text}
        maxLength={STORY_TEXT_MAX}
        rows={3}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={answer.isPending}>
          {t('introductions.stories.share')}
        </Button>
        <Button type="button" variant="secondary" disabled={answer.isPending} onClick={decline}>
          {t('introductions.stories.noThanks')}
        </Button>
      </div>
    </form>
  );
}

function SharedStory({ introductionId, otherName }: { introductionId: string; otherName: string }) {
  const { t } = useTranslation();
  const answer = useStoryAnswer();
  const photo = useStoryPhoto();
  const [photoSent, setPhotoSent] = useState<string | null>(null);
  const hintId = `story-photo-hint-${introductionId}`;

  const withdraw = () =>
    answer.mutate(
      { id: introductionId, share: false },
      { onSuccess: () => toast({ title: t('introductions.stories.withdrawn') }), onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.stories.failed'))) },
    );
  const send = (file: File) =>
    photo.mutate(
      { id: introductionId, photo: file },
      {
        onSuccess: (sent) => {
          setPhotoSent(sent.photo);
          toast({ title: t('introductions.stories.photoSent') });
        },
        onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.stories.photoFailed'))),
      },
    );

  return (
    <>
      <p className="text-sm text-stone-700">{t('introductions.stories.shared', { name: otherName })}</p>
      {photoSent ? <img src={photoSent} alt={t('introductions.stories.photoAlt')} className="max-h-48 w-auto self-start rounded-md" /> : null}
      <p id={hintId} className="text-sm text-stone-600">
        {t('introductions.stories.photoHint')}
      </p>
      <div className="flex flex-wrap gap-2">
        <PhotoPicker id={`story-photo-${introductionId}`} label={t(photoSent ? 'introductions.stories.photoAnother' : 'introductions.stories.photo')} busy={photo.isPending} describedBy={hintId} className="w-auto" onFile={send} />
        <Button type="button" variant="secondary" disabled={answer.isPending} onClick={withdraw}>
          {t('introductions.stories.withdraw')}
        </Button>
      </div>
    </>
  );
}
