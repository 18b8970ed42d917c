import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A modal dialog (Radix: focus trapped and restored, Escape closes, the rest of the page inert), with its title and
 * description read out when it opens. Scrolls within the screen on a 375 px phone.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <RadixDialog.Title className="font-serif text-xl font-bold break-words text-stone-900">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-stone-700">{description}</RadixDialog.Description>
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
