import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Mounts the Toaster (Radix Toast, about 18 KiB compressed) when the first toast is shown, and keeps it from then
 * on; before that there is nothing to show, so a first visit does not download it.
 */
export function ToasterOnDemand() {
  const wanted = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
