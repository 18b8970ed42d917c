import { useTranslation } from 'react-i18next';
import { rungFilters, type RungFilter } from '#domain/verification/ladder';
import { SelectField } from '#web/components/ui/select';

/** The coordinator's members, or suggestions, narrowed to those holding a rung of the ladder of verification (or all four). */
export function RungSelect({ value, onChange }: { value: RungFilter | ''; onChange: (next: RungFilter | '') => void }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('verification.filter.label')}
      placeholder={t('verification.filter.any')}
      value={value}
      onChange={(event) => onChange(rungFilters.find((choice) => choice === event.target.value) ?? '')}
      options={rungFilters.map((choice) => ({ value: choice, label: t(`verification.filter.${choice}`) }))}
      data-testid="rung-filter"
    />
  );
}
