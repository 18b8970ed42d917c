import type { FastifyRequest } from 'fastify';
import { validationText } from '#domain/validation-messages';
import { badRequest } from '#server/errors';

/**
 * The path (`a.b.0`) of a string holding U+0000 in a parsed body, query or params, or null.
 * PostgreSQL text cannot store that character: saved, it fails the whole statement. Walked with a
 * stack of its own, not recursion: a hostile body may nest 100,000 arrays deep.
 */
export function pathOfNul(value: unknown): string | null {
  // Each step knows its key and its parent's step, so the path is spelled out only when a NUL is found.
  type Step = { key: string; parent: Step | null } | null;
  const spell = (step: Step, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let at = step; at; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const pending: [value: unknown, step: Step][] = [[value, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, step] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return spell(step);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return spell(step, key);
      pending.push([child, { key, parent: step }]);
    }
  }
  return null;
}

/**
 * A preValidation hook: a request carrying U+0000 in any text is refused as invalid input (400 with
 * the field), for every route at once, instead of reaching the database and failing there (a 500
 * found by the hostile-input test on PostgreSQL).
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  const parts: [prefix: string, value: unknown][] = [
    ['', request.body],
    ['query.', request.query],
    ['params.', request.params],
  ];
  for (const [prefix, value] of parts) {
    const at = pathOfNul(value);
    if (at !== null) throw badRequest('invalid-request', [{ path: `${prefix}${at}`.replace(/\.$/, ''), code: 'textNul', message: validationText('textNul') }]);
  }
}
