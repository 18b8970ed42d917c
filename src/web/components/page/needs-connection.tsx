import { useTranslation } from 'react-i18next';
import { Card } from '../ui/card';
import { PageFrame } from './page-frame';

/**
 * Offline, where a screen's answers are not there yet: it says it needs the connection and that it will load by
 * itself when the connection is back (its questions wait for it: lib/query-client.ts). Not an error, not a sign-in.
 */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <Card>
      <p role="status" className="text-stone-700">
        {t('connection.screenNeedsConnection')}
      </p>
    </Card>
  );
}

/** A whole screen waiting for the connection (who is signed in is not known yet): its own title and the card. */
export function NeedsConnectionPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('connection.waitingTitle')}>
      <NeedsConnection />
    </PageFrame>
  );
}
