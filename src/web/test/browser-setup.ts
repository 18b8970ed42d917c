// Set up as web/main.tsx sets up the app, for the component tests (vitest.components.config.ts).
import { config as zodConfig } from 'zod/v4/core';
import '#web/styles.css';

// The app's zod runs without eval (main.tsx: the CSP forbids it); the tests run the same checks.
zodConfig({ jitless: true });
