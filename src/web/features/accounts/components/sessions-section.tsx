import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SessionSummary } from '#domain/accounts/account';
import { describeDevice } from '#domain/accounts/user-agent';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useLanguage } from '#web/features/language/components/language-provider';
import { formatDate } from '#web/lib/format-date';
import { useEndSession } from '../api/account';
import { Done, SettingsSection } from '#web/components/page/settings-section';

export function SessionsSection({ sessions }: { sessions: SessionSummary[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const end = useEndSession();
  return (
    <SettingsSection id="sessions" title={t('account.sessions.heading')}>
      {end.isSuccess ? <Done>{t('account.sessions.ended')}</Done> : null}
      <FormAlert>{end.isError ? t('common.errors.generic') : null}</FormAlert>
      <ul className="mt-2 flex flex-col divide-y divide-stone-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm text-stone-800">
              <p className="font-medium break-words">
                <span data-testid="session-device" title={session.userAgent ?? undefined}>
                  {deviceName(t, session.userAgent)}
                </span>
                {session.current ? <span className="ml-2 rounded bg-saffron-100 px-1.5 py-0.5 text-xs text-saffron-800">{t('account.sessions.current')}</span> : null}
              </p>
              <p>{t('account.sessions.started', { date: formatDate(session.createdAt, language, 'dateTime') })}</p>
              <p>{t('account.sessions.lastSeen', { date: formatDate(session.lastSeenAt, language, 'dateTime') })}</p>
            </div>
            {session.current ? null : (
              <Button type="button" variant="secondary" size="sm" className="self-start" onClick={() => end.mutate(session.id)} disabled={end.isPending}>
                {t('account.sessions.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}

/** "Chrome on Android" rather than the raw User-Agent; the raw string stays in the title. */
function deviceName(t: TFunction, userAgent: string | null): string {
  const { browser, os } = describeDevice(userAgent);
  if (!browser && !os) return t('account.sessions.unknownDevice');
  return t('account.sessions.device', { browser: browser ?? t('account.sessions.anotherBrowser'), system: os ?? t('account.sessions.anotherSystem') });
}
