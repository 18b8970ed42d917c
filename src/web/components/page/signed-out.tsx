import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { signInHref } from '#web/lib/sign-in-href';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageFrame, type PageWidth } from './page-frame';

/** Which screen asks to sign in: each says in its own words what signing in gives. */
export type SignedOutArea = 'profile' | 'browse' | 'match' | 'messages' | 'volunteerApply' | 'volunteerProfile' | 'introductions' | 'settings';

function useTexts(area: SignedOutArea): { title: string; body: string; action: string; width: PageWidth } {
  const { t } = useTranslation();
  switch (area) {
    case 'profile':
      return { title: t('profile.signedOut.title'), body: t('profile.signedOut.body'), action: t('profile.signedOut.signIn'), width: 'page' };
    case 'browse':
      return { title: t('matches.browse.title'), body: t('matches.signedOut.body'), action: t('matches.signedOut.signIn'), width: 'wide' };
    case 'match':
      return { title: t('matches.detail.title'), body: t('matches.signedOut.body'), action: t('matches.signedOut.signIn'), width: 'page' };
    case 'messages':
      return { title: t('messages.signedOut.title'), body: t('messages.signedOut.body'), action: t('messages.signedOut.getStarted'), width: 'thread' };
    case 'volunteerApply':
      return { title: t('volunteer.signedOut.title'), body: t('volunteer.signedOut.apply'), action: t('volunteer.signedOut.action'), width: 'page' };
    case 'introductions':
      return { title: t('introductions.signedOut.title'), body: t('introductions.signedOut.body'), action: t('introductions.signedOut.signIn'), width: 'page' };
    case 'volunteerProfile':
      return { title: t('volunteer.signedOut.title'), body: t('volunteer.signedOut.profile'), action: t('volunteer.signedOut.action'), width: 'page' };
    case 'settings':
      return { title: t('account.settings.title'), body: t('account.signedOut.body'), action: t('account.signedOut.signIn'), width: 'form' };
  }
}

/** Signed out on a screen that needs a session: why, and a sign-in link that comes back to this very address. */
export function SignedOut({ area }: { area: SignedOutArea }) {
  const { title, body, action, width } = useTexts(area);
  const [path] = useLocation();
  const search = useSearch();
  return (
    <PageFrame title={title} width={width}>
      <Card>
        <p className="text-stone-700">{body}</p>
        <Button asChild className="mt-4">
          <a href={signInHref(search ? `${path}?${search}` : path)}>{action}</a>
        </Button>
      </Card>
    </PageFrame>
  );
}
