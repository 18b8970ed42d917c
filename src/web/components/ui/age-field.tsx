import type { ComponentProps } from 'react';
import { MAX_SOUGHT_AGE, MIN_SOUGHT_AGE } from '#domain/profile/profile';
import { TextField } from './field';

/** A whole age of 18–99 (a sought age, a bound of the browse filters): a number field with the phone's number pad. */
export function AgeField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'min' | 'max'>) {
  return <TextField type="number" inputMode="numeric" min={MIN_SOUGHT_AGE} max={MAX_SOUGHT_AGE} {...props} />;
}
