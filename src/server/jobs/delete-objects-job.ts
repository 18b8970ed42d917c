import { z } from 'zod';
import { defineJob } from './outbox';

/**
 * The job that deletes stored objects (photos, selfies, a story's photo) after the rows that named them are gone;
 * retried until it works. Here, below the features, since several write it (an account's deletion, a selfie's
 * decision, a story's withdrawal) and accounts handles it (service-graph.ts).
 */
export const deleteObjectsJob = defineJob('delete-objects', z.object({ keys: z.array(z.string()) }));
