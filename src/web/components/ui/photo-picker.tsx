import { ImagePlus, Loader2 } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface PhotoPickerProps {
  id: string;
  /** The button's text (already in the current language). */
  label: ReactNode;
  busy: boolean;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  onFile: (file: File) => void;
}

/** A button-styled label for a visually hidden image file input: keyboard-focusable, one file at a time. */
export function PhotoPicker({ id, label, busy, disabled, describedBy, className, onFile }: PhotoPickerProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  }

  return (
    <div>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-describedby={describedBy}
        disabled={disabled || busy}
        onChange={handleChange}
      />
      <label
        htmlFor={id}
        className={cn(
          'inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-saffron-700 px-4 font-medium text-white hover:bg-saffron-800',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-saffron-700',
          'peer-disabled:cursor-not-allowed peer-disabled:bg-stone-400',
          className,
        )}
      >
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4" />}
        {label}
      </label>
    </div>
  );
}
