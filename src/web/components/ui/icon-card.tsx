import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

interface IconCardProps {
  icon: LucideIcon;
  title: string;
  body: string;
  /** The icon beside the words rather than above them (a card as wide as half the page). */
  beside?: boolean;
}

/** A card that explains one thing: a round saffron icon, an h3 and a paragraph (the landing page, the donation guide). */
export function IconCard({ icon: Icon, title, body, beside = false }: IconCardProps) {
  const icon = (
    <span className={beside ? 'inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-saffron-800' : 'inline-flex size-11 items-center justify-center rounded-full bg-saffron-100 text-saffron-800'}>
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
  const words = (
    <>
      <h3 className={beside ? 'text-lg font-semibold text-stone-900' : 'mt-4 text-lg font-semibold text-stone-900'}>{title}</h3>
      <p className="mt-2 leading-relaxed text-stone-700">{body}</p>
    </>
  );
  return beside ? (
    <Card className="flex h-full gap-4">
      {icon}
      <div>{words}</div>
    </Card>
  ) : (
    <Card className="h-full">
      {icon}
      {words}
    </Card>
  );
}
