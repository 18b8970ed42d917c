import { setStaffNoticeInput, staffNoticePreferences } from '../../../domain/staff-notifications';
import type { AppInstance } from '../../app-types';
import type { Db } from '../../db/client';
import { requireUserId } from '../auth/sessions';
import { setStaffPreference, staffPreferencesOf } from './staff-preferences';

/**
 * A staff member's mail preferences (issue 31.4), on /settings: one row a kind their roles receive. A member without
 * a role gets an empty list and may set nothing.
 */
export function staffNoticeRoutes(app: AppInstance, deps: { db: Db }) {
  app.get('/api/account/staff-notifications', { schema: { response: { 200: staffNoticePreferences } } }, async (request) => {
    return staffPreferencesOf(deps.db, requireUserId(request));
  });

  app.put('/api/account/staff-notifications', { schema: { body: setStaffNoticeInput, response: { 200: staffNoticePreferences } } }, async (request) => {
    return setStaffPreference(deps.db, requireUserId(request), request.body.kind, request.body.mode);
  });
}
