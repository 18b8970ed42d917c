import { useLayoutEffect, type MouseEvent } from 'react';

/**
 * Back to Matches (a link, not the browser's Back) used to land at the top of a long list.
 * Opening a match remembers how far the list was scrolled; the list, once its cards are on screen again
 * (the matches query is cached, so at once), scrolls back there a single time.
 */
const KEY = 'sanga-browse-scroll';

/** onClickCapture for the list: a click on a link to a match remembers the scroll position. */
export function rememberBrowseScroll(event: MouseEvent<HTMLElement>) {
  const link = (event.target as Element).closest?.('a[href^="/match/"]');
  if (!link) return;
  try {
    sessionStorage.setItem(KEY, String(Math.round(window.scrollY)));
  } catch {
    // Storage refused (private mode): the list simply starts at the top.
  }
}

/** Scrolls back to the remembered position once `ready` (the cards are rendered), then forgets it. */
export function useRestoreBrowseScroll(ready: boolean) {
  useLayoutEffect(() => {
    if (!ready) return;
    let saved: string | null;
    try {
      saved = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    const top = Number(saved);
    if (saved !== null && Number.isFinite(top)) window.scrollTo(0, top);
  }, [ready]);
}
