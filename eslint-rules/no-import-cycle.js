// Lint rule: no import cycle in src/, type-only imports included. import-x/no-cycle skips `import type`, and one
// such circle (access → profiles → match-index → access) grew unseen (issue 30); this rule reads every import the
// TypeScript pre-processor sees (static, type-only, re-exports, import() types) and refuses an import whose target
// lies on a circle back to the importing file.
import { resolve } from 'node:path';
import { cycles, importGraph, resolveSpecifier } from './import-graph.js';

/** The graph is read once per lint run (per root): a cycle is a property of the whole tree, not of one file. */
const components = new Map();
function componentOf(root, file) {
  let byFile = components.get(root);
  if (!byFile) {
    byFile = new Map();
    for (const component of cycles(importGraph(root))) {
      const members = new Set(component);
      for (const member of component) byFile.set(member, members);
    }
    components.set(root, byFile);
  }
  return byFile.get(file);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { cycle: 'Import cycle (type imports count): {{target}} leads back to this file. Move the shared part below both.' },
  },
  create(context) {
    const root = resolve(context.cwd, context.options[0]?.root ?? 'src');
    const file = context.physicalFilename;
    const component = componentOf(root, file);
    if (!component) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (target && component.has(target)) context.report({ node: source, messageId: 'cycle', data: { target: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
