import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/ui/field';
import { SelectField } from '#web/components/ui/select';

interface ListControlsProps<S extends string> {
  id: string;
  searchLabel: string;
  search: string;
  onSearch: (text: string) => void;
  status: S | '';
  statuses: ReadonlyArray<{ value: S; label: string }>;
  onStatus: (status: S | '') => void;
}

/** A list's search box and status filter: stacked on a phone, side by side from the small breakpoint up. */
export function ListControls<S extends string>({ id, searchLabel, search, onSearch, status, statuses, onStatus }: ListControlsProps<S>) {
  const { t } = useTranslation();
  return (
    <div role="search" aria-label={searchLabel} className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <TextField id={`${id}-search`} type="search" label={searchLabel} value={search} onChange={(event) => onSearch(event.target.value)} autoComplete="off" />
      <SelectField
        id={`${id}-status`}
        label={t('admin.lists.status')}
        value={status}
        onChange={(event) => onStatus(event.target.value as S | '')}
        options={[{ value: '', label: t('admin.lists.all') }, ...statuses]}
      />
    </div>
  );
}
