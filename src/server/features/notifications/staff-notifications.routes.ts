import { setStaffMailInput, staffMailPreferences } from '#domain/staff/staff-notifications';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import type { Db } from '#server/db/client';
import { setStaffPreference, staffPreferencesOf } from './staff-preferences';

/**
 * A staff member's mail preferences, on /settings: one row a kind their roles receive. A member without
 * a role gets an empty list and may set nothing.
 */
export function staffNotificationRoutes(app: AppInstance, deps: { db: Db }) {
  app.get('/api/account/staff-notifications', { preValidation: signedIn, schema: { response: { 200: staffMailPreferences } } }, async (request) => {
    return staffPreferencesOf(deps.db, memberOf(request).userId);
  });

  app.put('/api/account/staff-notifications', { preValidation: signedIn, schema: { body: setStaffMailInput, response: { 200: staffMailPreferences } } }, async (request) => {
    return setStaffPreference(deps.db, memberOf(request).userId, request.body.kind, request.body.mode);
  });
}
