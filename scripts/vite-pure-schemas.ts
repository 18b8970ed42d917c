// Kept: Rolldown's manualPureFunctions ['z'] keeps `schema.extend()`/`.pick()` calls (web JS 309.0 vs 306.5 KB brotli).
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** The shared rules (src/domain): the web and the server both import them; only the web build is rewritten. */
const DOMAIN_MODULE = /[\\/]src[\\/]domain[\\/](?!.*\.test\.).+\.ts$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/**
 * A shared rules module (src/domain) declares its constants beside the zod schemas the server checks requests
 * with, and the web imports it mostly for the constants (a length limit, a list of statuses). The bundler cannot
 * know that building a zod schema has no effect beyond its value, so it kept every schema of every module the web
 * imports and the browser built them all as the screen's scripts started: on a member screen about a third of the
 * script time before the app could take the page over, a long task on a phone.
 *
 * This marks each call made while declaring a module-level constant of a domain module as pure
 * (`/* @__PURE__ *\/`), so the bundler drops the constants the web never uses and the schemas with them. Only
 * declarations' values are marked, never a statement and never a call inside a function (a refinement's
 * `ctx.addIssue()` must stay). A value the web uses is kept and built as before.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'sanga-pure-schemas',
    apply: 'build',
    // After TypeScript is stripped: the positions are the JavaScript's.
    enforce: 'post',
    transform(code, id) {
      if (!DOMAIN_MODULE.test(id)) return null;
      const marked = markDeclarationsPure(code);
      return marked === code ? null : { code: marked, map: null };
    },
  };
}

/** `code` with `/* @__PURE__ *\/` before every call chain in the values of its module-level declarations. */
export function markDeclarationsPure(code: string): string {
  const program = parseAst(code, { lang: 'js', sourceType: 'module' }) as unknown as { body: Node[] };
  const starts = new Set<number>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (declarator.init) collectCalls(declarator.init as Node, starts);
    }
  }
  // From the end, so the positions still to mark do not move. A chain (`z.string().max(5)`) starts where its
  // innermost call does: one mark covers it all.
  let marked = code;
  for (const start of [...starts].sort((a, b) => b - a)) {
    marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
  }
  return marked;
}

const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

function collectCalls(node: Node, starts: Set<number>): void {
  if (FUNCTION_TYPES.has(node.type)) return; // runs later, when called: its calls are the program's, not the value's
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') collectCalls(child as Node, starts);
    }
  }
}
