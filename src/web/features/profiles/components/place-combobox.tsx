import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BirthPlace } from '#domain/profile/vedic';
import { FieldMessages, useFieldIds } from '#web/components/ui/field-parts';
import { cn } from '#web/lib/cn';
import { PLACE_SEARCH_MIN, usePlaces } from '../api/places';

interface PlaceComboboxProps {
  label: string;
  hint?: string;
  error?: string;
  value: BirthPlace | null;
  onChange: (place: BirthPlace | null) => void;
  onBlur?: () => void;
  name?: string;
}

/**
 * The place of birth: a text box that searches GET /api/places as the member types (the ARIA combobox pattern: a
 * listbox below it, up and down arrows to move, Enter to choose, Escape to close), and holds the place chosen from
 * the list. Typing again clears the choice, so only a place the list gave is ever saved.
 */
export function PlaceCombobox({ label, hint, error, value, onChange, onBlur, name }: PlaceComboboxProps) {
  const { t, i18n } = useTranslation();
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(undefined, hint, error);
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A place set from outside (the saved profile after a save) shows its name: adjusted while rendering.
  const [shownName, setShownName] = useState(value?.name);
  if (value?.name !== shownName) {
    setShownName(value?.name);
    if (value) setText(value.name);
  }
  const places = usePlaces(value ? '' : text, i18n.language);
  const options = open && !value && places.enabled ? (places.data ?? []) : [];
  const expanded = options.length > 0;

  function choose(place: BirthPlace) {
    const chosen = { name: place.name, latitude: place.latitude, longitude: place.longitude, timeZone: place.timeZone };
    onChange(chosen);
    setText(place.name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter chooses from an open list; it never sends the form from here.
      if (expanded) {
        event.preventDefault();
        const place = options[active >= 0 ? active : 0];
        if (place) choose(place);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const trimmed = text.trim();
  let status = '';
  if (value) status = t('vedic.form.chosen', { name: value.name });
  else if (trimmed.length > 0 && trimmed.length < PLACE_SEARCH_MIN) status = t('vedic.form.typeMore');
  else if (places.enabled && places.isError) status = t('vedic.form.searchFailed');
  else if (places.enabled && (places.isFetching || !places.settled)) status = t('vedic.form.searching');
  else if (places.enabled && places.data?.length === 0) status = t('vedic.form.noPlaces');
  else if (expanded) status = t('vedic.form.placesFound', { count: options.length });

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
        className="h-11 rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 aria-invalid:border-red-700"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute top-[4.75rem] right-0 left-0 z-10 max-h-72 overflow-y-auto rounded-md border border-stone-300 bg-white shadow-lg"
      >
        {options.map((place, index) => (
          <li
            key={`${place.name}-${place.latitude}-${place.longitude}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn('flex min-h-11 cursor-pointer items-center px-3 py-2 text-base text-stone-900', index === active && 'bg-saffron-50 outline-2 outline-saffron-700')}
            // Chosen before the text box loses focus (a click's blur would close the list first).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
          >
            {place.name}
          </li>
        ))}
      </ul>
      <p id={statusId} role="status" className="text-sm text-stone-700">
        {status}
      </p>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
