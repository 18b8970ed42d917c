import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, readStoredLanguage } from './i18n/setup';
import './styles.css';

const language = readStoredLanguage();
document.documentElement.lang = language;
initI18n(language);

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
