import { useTranslation } from 'react-i18next';
import type { IntroductionStatus } from '#domain/introductions/introductions';
import { Badge } from '#web/components/ui/badge';

const variantOf: Partial<Record<IntroductionStatus, 'success' | 'secondary' | 'outline'>> = {
  introduced: 'success',
  courting: 'success',
  engaged: 'success',
  married: 'success',
  declined: 'secondary',
  expired: 'secondary',
  cancelled: 'secondary',
  'declined-by-elders': 'secondary',
  ended: 'secondary',
};

export function IntroductionStatusBadge({ status }: { status: IntroductionStatus }) {
  const { t } = useTranslation();
  // Some statuses are long in Spanish: the badge may wrap rather than push a phone's page sideways.
  return (
    <Badge variant={variantOf[status] ?? 'outline'} className="whitespace-normal!">
      {t(`introductions.statuses.${status}`)}
    </Badge>
  );
}
