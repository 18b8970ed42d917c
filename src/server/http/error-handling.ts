import type { FastifyError } from 'fastify';
import type { AppInstance } from '../app-types';
import { classifyDatabaseError, DatabaseFaults } from '../db/database-faults';
import { errorHandler } from '../errors';
import type { AppMetrics } from '../observability/metrics';

/**
 * Every error answers `{code, message, errors}` (errors.ts). Disk full and database away answer 503; here they are
 * also counted and logged once per episode, and an answer that went through the database ends the episode.
 */
export function registerErrorHandling(app: AppInstance, metrics: AppMetrics): DatabaseFaults {
  const databaseFaults = new DatabaseFaults(app.log);
  metrics.tallyCounter('sanga_database_faults_total', 'Requests refused because the disk was full or the database unreachable', 'fault', () => databaseFaults.counts);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fault = classifyDatabaseError(error);
    if (fault) databaseFaults.record(fault, error);
    return errorHandler(error, request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    // An API answer below 500 went through the database: it is reachable; a 2xx write proves there is space again.
    if (reply.statusCode >= 500 || !request.url.startsWith('/api/')) return;
    databaseFaults.succeeded(request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300);
  });
  return databaseFaults;
}
