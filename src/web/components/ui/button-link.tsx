import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from './button';

const iconSizes = { sm: 'size-4', md: 'size-5' } as const;

interface ButtonLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  href: string;
  /** Drawn before the words, hidden from assistive technology (the words say it all). */
  icon: LucideIcon;
  /** size-4 by default; md (size-5) where the screen's other buttons carry the larger icon. */
  iconSize?: keyof typeof iconSizes;
  'aria-describedby'?: string;
  children: ReactNode;
}

/** A link inside the app that looks like a Button, with an icon before its words. */
export function ButtonLink({ href, icon: Icon, iconSize = 'sm', variant, size, className, children, ...linkProps }: ButtonLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={href} {...linkProps}>
        <Icon aria-hidden className={iconSizes[iconSize]} />
        {children}
      </Link>
    </Button>
  );
}
