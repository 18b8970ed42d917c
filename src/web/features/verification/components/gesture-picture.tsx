import type { ReactNode } from 'react';
import type { GestureId } from '#domain/verification/selfie';
import { cn } from '#web/lib/cn';

/*
 * Each gesture of the selfie check as a simple line drawing: a head and shoulders seen from the front, as in a
 * mirror (her right hand on the picture's left), and what the gesture adds. The picture carries its text
 * alternative (`label`, the gesture's words in the reader's language); the screen shows the same words beside it.
 */

const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Eyes (open or closed) and a smile on a head centred at (cx, cy). */
function Face({ cx = 60, cy = 45, eyes = 'open', look = 0 }: { cx?: number; cy?: number; eyes?: 'open' | 'closed' | 'up'; look?: number }) {
  const eyeY = eyes === 'up' ? cy - 8 : cy - 4;
  return (
    <g>
      {eyes === 'closed' ? (
        <>
          <path d={`M${cx - 12 + look} ${cy - 4} q5 4 10 0`} {...STROKE} strokeWidth={3} />
          <path d={`M${cx + 2 + look} ${cy - 4} q5 4 10 0`} {...STROKE} strokeWidth={3} />
        </>
      ) : (
        <>
          <circle cx={cx - 7 + look} cy={eyeY} r={2.5} fill="currentColor" />
          <circle cx={cx + 7 + look} cy={eyeY} r={2.5} fill="currentColor" />
        </>
      )}
      <path d={`M${cx - 7 + look} ${cy + 8} q7 6 14 0`} {...STROKE} strokeWidth={3} />
    </g>
  );
}

/** Head and shoulders; `head` replaces the default head (a turned or tilted one). */
function Figure({ children, head }: { children?: ReactNode; head?: ReactNode }) {
  return (
    <>
      <path d="M18 118 Q20 86 60 84 Q100 86 102 118" {...STROKE} />
      {head ?? (
        <>
          <circle cx={60} cy={45} r={22} {...STROKE} />
          <Face />
        </>
      )}
      {children}
    </>
  );
}

/** A raised forearm from the right shoulder (the picture's right) to a hand at (x, y). */
const raisedArm = (x: number, y: number) => <path d={`M92 100 Q104 90 ${x} ${y}`} {...STROKE} />;

const drawings: Record<GestureId, ReactNode> = {
  'left-ear-right-hand': (
    <Figure>
      {/* Her right hand (the picture's left) reaches over to her left ear (the picture's right). */}
      <path d="M28 104 Q40 70 80 52" {...STROKE} />
      <circle cx={84} cy={48} r={6} {...STROKE} />
      <path d="M82 40 q6 6 0 14" {...STROKE} strokeWidth={3} />
    </Figure>
  ),
  'thumbs-up': (
    <Figure>
      {raisedArm(100, 70)}
      <rect x={93} y={58} width={16} height={14} rx={4} {...STROKE} />
      <path d="M97 58 L97 44" {...STROKE} />
    </Figure>
  ),
  'peace-sign': (
    <Figure>
      {raisedArm(100, 72)}
      <rect x={94} y={62} width={14} height={12} rx={4} {...STROKE} />
      <path d="M98 62 L92 42 M104 62 L110 42" {...STROKE} />
    </Figure>
  ),
  'hand-on-heart': (
    <Figure>
      <path d="M28 108 Q40 98 66 100" {...STROKE} />
      <path d="M74 96 c-4 -6 -12 -2 -8 4 l8 8 l8 -8 c4 -6 -4 -10 -8 -4 z" {...STROKE} strokeWidth={3} />
    </Figure>
  ),
  'open-palm': (
    <Figure>
      {raisedArm(100, 74)}
      <rect x={92} y={56} width={16} height={18} rx={5} {...STROKE} />
      <path d="M94 56 L92 42 M99 56 L99 38 M104 56 L106 40 M108 60 L114 50" {...STROKE} strokeWidth={3} />
    </Figure>
  ),
  'three-fingers': (
    <Figure>
      {raisedArm(100, 72)}
      <rect x={93} y={62} width={16} height={12} rx={4} {...STROKE} />
      <path d="M96 62 L94 44 M101 62 L101 42 M106 62 L108 44" {...STROKE} strokeWidth={3} />
    </Figure>
  ),
  'chin-on-fist': (
    <Figure>
      <path d="M40 104 Q44 90 54 78" {...STROKE} />
      <circle cx={60} cy={74} r={7} {...STROKE} />
    </Figure>
  ),
  'hand-on-head': (
    <Figure>
      <path d="M92 100 Q112 60 86 24" {...STROKE} />
      <ellipse cx={72} cy={22} rx={12} ry={6} {...STROKE} />
    </Figure>
  ),
  'turn-head-left': (
    <Figure
      head={
        <>
          {/* Turned to her left: the picture's right, the nose pointing there. */}
          <circle cx={60} cy={45} r={22} {...STROKE} />
          <path d="M80 44 L90 50 L80 54" {...STROKE} strokeWidth={3} />
          <circle cx={72} cy={40} r={2.5} fill="currentColor" />
          <path d="M70 56 q5 3 9 -1" {...STROKE} strokeWidth={3} />
          <path d="M98 22 L112 22 M106 16 L112 22 L106 28" {...STROKE} strokeWidth={3} />
        </>
      }
    />
  ),
  'eyes-closed': (
    <Figure
      head={
        <>
          <circle cx={60} cy={45} r={22} {...STROKE} />
          <Face eyes="closed" />
        </>
      }
    />
  ),
  'look-up': (
    <Figure
      head={
        <>
          <circle cx={60} cy={45} r={22} {...STROKE} />
          <Face eyes="up" />
          <path d="M60 16 L60 2 M53 9 L60 2 L67 9" {...STROKE} strokeWidth={3} />
        </>
      }
    />
  ),
  'tilt-head': (
    <Figure
      head={
        <g transform="rotate(-20 60 60)">
          <circle cx={60} cy={45} r={22} {...STROKE} />
          <Face />
        </g>
      }
    />
  ),
};

/** The gesture's picture, with its words as its text alternative. */
export function GesturePicture({ gestureId, label, className }: { gestureId: GestureId; label: string; className?: string }) {
  return (
    <svg viewBox="0 0 120 120" role="img" aria-label={label} className={cn('size-32 text-stone-800', className)} data-testid="gesture-picture" data-gesture={gestureId}>
      {drawings[gestureId]}
    </svg>
  );
}
