import axe from 'axe-core';
import { expect } from 'vitest';

// As the browser suite scans a screen (e2e/helpers.ts axeScan, expectNoSeriousA11yViolations): every rule, the
// experimental ones too, but color-contrast-enhanced (WCAG AAA), which the saffron palette does not meet yet.
const RULES = axe
  .getRules()
  .map((rule) => rule.ruleId)
  .filter((id) => id !== 'color-contrast-enhanced');

/**
 * No serious or critical axe violation in what `element` holds. Scoped to the component, axe leaves out the rules
 * about a whole page (a title, <html lang>, landmarks), which belong to the screens the e2e tests scan.
 */
export async function expectNoSeriousA11yViolations(element: Element): Promise<void> {
  const results = await axe.run(element, { runOnly: { type: 'rule', values: RULES }, resultTypes: ['violations'] });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
