/**
 * The moment the app has taken over a server-rendered page (its screen hydrated, its handlers attached).
 *
 * Until then the page's starter script (server/scripts-after-first-paint.ts) holds any form sent on it: the send
 * is stopped, and the form and its button are kept in `window.sangaHeldSubmit`. Now the app sends it again, with
 * what was typed (the forms on first-visit screens take their values from the fields, so nothing typed before
 * this moment is cleared). `data-app` on <html> tells the starter, and the browser tests, that this has happened.
 */
export function appTookOver(): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-app')) return;
  root.setAttribute('data-app', 'ready');
  // For the record (Lighthouse's user timings, npm run bench:web): when the page became the app.
  performance.mark('app-took-over');
  const held = (window as HeldSubmitWindow).sangaHeldSubmit;
  delete (window as HeldSubmitWindow).sangaHeldSubmit;
  if (!held?.form.isConnected) return;
  held.form.requestSubmit(held.submitter?.form === held.form ? held.submitter : undefined);
}

type HeldSubmitWindow = Window & { sangaHeldSubmit?: { form: HTMLFormElement; submitter: HTMLButtonElement | HTMLInputElement | null } };
