import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a zod schema that arrives when it is first needed. The forms a visitor can open
 * first (sign-in, sign-up, the admin's sign-in, a forgotten password) would otherwise bring zod and the schemas
 * (about 20 KiB compressed) into the first download and its first moments of work. `preload` starts the download
 * early (call it when someone begins to fill the form); a form sent first waits for it.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<ZodType>): { resolver: Resolver<Values>; preload: () => void } {
  let loaded: Promise<Resolver<Values>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as Parameters<typeof zodResolver>[0]) as Resolver<Values>,
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load(),
  };
}
