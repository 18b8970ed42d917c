import 'i18next';
import type en from './en';
import type verificationScreens from './en/verification-screens';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The verification screens' words join the catalog when those screens load (verification-texts.ts).
    resources: { translation: typeof en & { verification: typeof verificationScreens } };
  }
}
