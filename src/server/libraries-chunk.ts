/**
 * The name of the build's chunk of libraries (React, ReactDOM, TanStack Query, i18next, the router): vite.config.ts
 * groups them under it, and a server-rendered page runs it before the app (scripts-after-first-paint.ts).
 */
export const LIBRARIES_CHUNK = 'shell-libraries';
