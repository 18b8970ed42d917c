import type { ReactNode } from 'react';

/** How a section's h2 looks, by the kind of screen it stands on. */
const titleStyles = {
  /** A reading page's part (the donation guide, Guidance, the admin's dashboard). */
  page: 'font-serif text-2xl font-semibold text-stone-900',
  /** A landing page's part: larger again from md. */
  landing: 'font-serif text-2xl font-semibold text-stone-900 md:text-3xl',
  /** A part of the privacy notice: smaller, so the notice reads as one document. */
  notice: 'font-serif text-xl font-bold text-stone-900',
  /** A working screen's list (requests, members, introductions), with room below the title. */
  list: 'mb-3 text-xl font-semibold text-stone-900',
  /** The same where the section spaces its children itself (a flex column with a gap). */
  panel: 'text-xl font-semibold text-stone-900',
} as const;

interface TitledSectionProps {
  /** The h2's id, which names the section for assistive technology (aria-labelledby). */
  id: string;
  title: ReactNode;
  titleStyle: keyof typeof titleStyles;
  /** The section's own id, where a link's #fragment lands. */
  anchor?: string;
  className?: string;
  children?: ReactNode;
}

/** A section named by its h2: the landmark screen readers list, and the heading they jump between. */
export function TitledSection({ id, title, titleStyle, anchor, className, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} id={anchor} className={className}>
      <h2 id={id} className={titleStyles[titleStyle]}>
        {title}
      </h2>
      {children}
    </section>
  );
}
