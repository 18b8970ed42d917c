/**
 * React and ReactDOM are CommonJS modules: the bundle starts them where they are first imported. Imported here, at
 * the head of web/main.tsx, and put in the libraries' chunk (vite.config.ts, `shell-libraries`), they start when
 * that chunk runs. A server-rendered page runs that chunk as a script of its own, a task before the app's modules
 * (server/scripts-after-first-paint.ts): two shorter tasks on a phone instead of one long one.
 */
import 'react';
import 'react-dom/client';
