import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

describe('lazyZodResolver', () => {
  it('loads the schema once, on first use, and validates with it', async () => {
    let loads = 0;
    const schema = z.object({ email: z.email({ error: 'emailInvalid' }) });
    const { resolver, preload } = lazyZodResolver<{ email: string }>(async () => {
      loads += 1;
      return schema;
    });
    expect(loads).toBe(0);
    preload();
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolver>[2];
    const bad = await resolver({ email: 'not an email' }, undefined, options);
    expect(bad.errors.email?.message).toBe('emailInvalid');
    const good = await resolver({ email: 'sita@example.org' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'sita@example.org' });
    expect(loads).toBe(1);
  });
});
