import { nextTask } from './next-task';

/**
 * The browser's number and plural rules for `language`, set up once, each in a task of its own. The first of each
 * in a page loads its locale data, about 10 ms on a laptop and four times that on a slow phone; made while a screen
 * renders ("{{count, number}} matches found"), it would lengthen the one task React cannot split (a component's
 * render). The instances are dropped: the locale data stays loaded for those the catalog's formatter makes.
 */
export async function warmIntl(language: string): Promise<void> {
  await nextTask();
  new Intl.PluralRules(language).select(1);
  await nextTask();
  new Intl.NumberFormat(language).format(1);
}
