import { StrictMode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, readStoredLanguage } from './i18n/setup';
import './styles.css';

// zod probes for eval (new Function) to compile its checks; the CSP forbids eval, so the probe only logs a
// policy violation in the console (Lighthouse: best practices). Its plain checks are as fast for our forms.
zodConfig({ jitless: true });

const language = readStoredLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// Rendered once the catalog is there (at once for English, after its chunk for Spanish): no flash of the wrong language.
void initI18n(language).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
