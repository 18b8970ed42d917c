import 'i18next';
import type en from './en';
import type verificationScreens from './en/verification-screens';
import type introductionsScreens from './en/introductions-screens';
import type vedicScreens from './en/vedic-screens';
import type adminScreens from './en/admin-screens';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The staff and verification screens' words join the catalog when those screens load (screen-texts.ts).
    resources: { translation: typeof en & { verification: typeof verificationScreens; introductions: typeof introductionsScreens; vedic: typeof vedicScreens; admin: typeof en.admin & typeof adminScreens } };
  }
}
