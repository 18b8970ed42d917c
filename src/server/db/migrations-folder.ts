import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SQL migrations (drizzle-kit's output), beside this file in the sources and in the compiled server alike. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
