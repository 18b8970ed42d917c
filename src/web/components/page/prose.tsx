import { cn } from '#web/lib/cn';

// A static page's running text. Its texts are fixed and never reorder, so a paragraph's place is its key.

/** Paragraphs of running text, evenly spaced. */
export function Paragraphs({ texts, className }: { texts: readonly string[]; className?: string }) {
  return (
    <div className={cn('space-y-4 leading-relaxed text-stone-800', className)}>
      {texts.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
    </div>
  );
}

/** A bulleted list of short texts. */
export function BulletList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('list-disc space-y-1 pl-6 text-stone-800', className)}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
