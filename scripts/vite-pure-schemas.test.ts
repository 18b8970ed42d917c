import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { markDeclarationsPure, pureSchemas } from './vite-pure-schemas';

describe('markDeclarationsPure', () => {
  it('marks every call chain in the values of module-level declarations, exported or not', () => {
    const code = "const text = z.string().trim(); export const input = z.object({ a: text.nullable(), b: z.enum(['x']) });";
    expect(markDeclarationsPure(code)).toBe(
      "const text = /* @__PURE__ */ z.string().trim(); export const input = /* @__PURE__ */ z.object({ a: /* @__PURE__ */ text.nullable(), b: /* @__PURE__ */ z.enum(['x']) });",
    );
  });

  it('leaves statements, functions and the calls inside a value’s functions alone', () => {
    const code = [
      "register('x');",
      'export function check(v) { return audit(v); }',
      'export const rule = /* a comment before */ (v, ctx) => { ctx.addIssue(v); };',
      "const price = 'ñandú…'.length;",
    ].join('\n');
    expect(markDeclarationsPure(code)).toBe(code);
  });

  it('keeps positions right after text that is not ASCII', () => {
    expect(markDeclarationsPure("const a = 'ñ…'; const b = f(a);")).toBe("const a = 'ñ…'; const b = /* @__PURE__ */ f(a);");
  });
});

describe('in a bundle', () => {
  const rules = [
    "import { z } from 'zod';",
    'export const MAX = 5;',
    'const kind = z.object({ kind: z.string() });',
    'export const unusedInput = z.object({ kind: kind.nullable(), note: z.string().max(MAX).refine((v) => v.length > 0) });',
    'export const usedInput = z.object({ note: z.string() });',
  ].join('\n');

  async function bundled(rulesModule: string): Promise<string> {
    const files: Record<string, string> = {
      'rules.js': rulesModule,
      'main.js': "import { MAX, usedInput } from './rules.js'; console.log(MAX, usedInput);",
    };
    const bundle = await rolldown({
      input: 'main.js',
      external: ['zod'],
      plugins: [
        {
          name: 'files',
          resolveId: (id) => (id.replace('./', '') in files ? id.replace('./', '') : null),
          load: (id) => files[id] ?? null,
        },
      ],
    });
    return (await bundle.generate({ format: 'esm' })).output[0].code;
  }

  it('drops the schemas nobody imports and keeps the constants and the schemas that are used', async () => {
    const code = await bundled(markDeclarationsPure(rules));
    expect(code).toMatch(/console\.log\(5, .*z\.object\(\{ note: .*z\.string\(\) \}\)/);
    expect(code).not.toMatch(/kind|refine|nullable/);
  });

  it('is what drops them: unmarked, the bundler keeps every schema built', async () => {
    expect(await bundled(rules)).toMatch(/kind[\s\S]*refine/);
  });
});

describe('pureSchemas', () => {
  const transform = pureSchemas().transform as (code: string, id: string) => { code: string } | null;
  const code = 'export const input = z.object({});';

  it('rewrites the domain modules of every area folder, and nothing else', () => {
    expect(transform(code, '/app/src/domain/profile/profile-input.ts')?.code).toBe('export const input = /* @__PURE__ */ z.object({});');
    expect(transform(code, '/app/src/domain/access.ts')?.code).toBe('export const input = /* @__PURE__ */ z.object({});');
    expect(transform(code, '/app/src/domain/profile/profile.test.ts')).toBeNull();
    expect(transform(code, '/app/src/web/lib/api.ts')).toBeNull();
  });
});
