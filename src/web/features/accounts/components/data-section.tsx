import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { ApiError } from '#web/lib/api';
import { useDownloadExport } from '../api/account';
import { SettingsSection } from '#web/components/page/settings-section';

export function DataSection() {
  const { t } = useTranslation();
  const download = useDownloadExport();
  const tooMany = download.error instanceof ApiError && download.error.status === 429;
  return (
    <SettingsSection id="data" title={t('account.data.heading')} intro={t('account.data.intro')}>
      <div className="flex flex-col gap-3">
        <FormAlert>{download.isError ? (tooMany ? t('account.data.tooMany') : t('common.errors.generic')) : null}</FormAlert>
        <Button type="button" variant="secondary" className="self-start" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? t('account.data.downloading') : t('account.data.download')}
        </Button>
      </div>
    </SettingsSection>
  );
}
