import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HIDDEN_WORDS_MAX, hiddenWordsInput, type HiddenWords } from '#domain/safety/hidden-words';
import { Done, SettingsSection } from '#web/components/page/settings-section';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextareaField } from '#web/components/ui/textarea';
import { translateValidation } from '#web/i18n/validation-text';
import { errorText } from '#web/lib/error-text';
import { useSaveHiddenWords } from '../api/hidden-words';

/** The list as the box holds it: one word or phrase a line, blank lines left out. */
const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

/**
 * Hidden words: messages holding one go to the hidden folder instead of the conversation, and the sender is not told
 * (domain/safety/hidden-words.ts). One word or phrase a line, the way a phone keyboard makes a list easily.
 */
export function HiddenWordsSection({ saved }: { saved: HiddenWords }) {
  const { t } = useTranslation();
  const save = useSaveHiddenWords();
  const [text, setText] = useState(saved.words.join('\n'));
  const [fault, setFault] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = hiddenWordsInput.safeParse({ words: linesOf(text) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const line = typeof issue?.path[1] === 'number' ? issue.path[1] + 1 : null;
      const message = translateValidation(t, issue?.message) ?? '';
      setFault(line === null ? message : t('safety.hiddenWords.lineFault', { line, message }));
      return;
    }
    setFault(undefined);
    save.mutate(parsed.data, { onSuccess: (next) => setText(next.words.join('\n')) });
  };

  return (
    <SettingsSection id="hidden-words" title={t('safety.hiddenWords.heading')} intro={t('safety.hiddenWords.intro')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('safety.hiddenWords.heading')}>
        <TextareaField
          label={t('safety.hiddenWords.label')}
          hint={t('safety.hiddenWords.hint', { count: HIDDEN_WORDS_MAX })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            save.reset();
          }}
          error={fault}
          rows={5}
          autoCapitalize="none"
          spellCheck={false}
        />
        {save.isSuccess ? <Done>{t('safety.hiddenWords.saved', { count: save.data.words.length })}</Done> : null}
        {save.isError ? <FormAlert>{errorText(t, save.error)}</FormAlert> : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('safety.hiddenWords.saving') : t('safety.hiddenWords.save')}
          </Button>
          <Link href="/messages/hidden" className="font-medium text-saffron-800 underline underline-offset-4">
            {t('safety.hiddenWords.openFolder')}
          </Link>
        </div>
      </form>
    </SettingsSection>
  );
}
