/**
 * The browser's offer to install Sanga as an app (Chromium's `beforeinstallprompt`), kept from the moment it fires —
 * often before any screen mounts — until the install hint (app/install-hint.tsx) shows it. Whether the member
 * dismissed the hint is remembered in this browser, so it is not shown again.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'sanga.installHint.dismissed';
let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Starts listening (main.tsx, before the first render). */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without preventDefault Chromium may show its own mini-infobar; the hint offers it in the member's language.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the hint should show: the browser offers an install and the member never dismissed the hint here. */
export function installOffered(): boolean {
  return offer !== null && !installHintDismissed();
}

export function installHintDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissInstallHint(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode): hidden for this visit only.
  }
  offer = null;
  changed();
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall(): Promise<void> {
  const current = offer;
  offer = null;
  changed();
  if (!current) return;
  await current.prompt();
  await current.userChoice.catch(() => undefined);
}
