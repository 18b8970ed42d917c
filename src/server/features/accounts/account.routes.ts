import { LANGUAGE_PARAM, languages } from '#domain/language/language';
import { z } from 'zod';
import {
  cancelEmailChangeInput,
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  EXPORTS_PER_DAY,
  preferences,
  preferencesInput,
  sessionSummary,
  tokenField,
} from '#domain/accounts/account';
import type { AppInstance } from '#server/app-types';
import type { ChangesApplied } from '#server/events/changes';
import { memberOf, signedIn } from '#server/http/guards';
import { badRequest, fieldError } from '#server/errors';
import { refuseCrossSiteRead } from '#server/security/origin-check';
import type { RateLimits } from '#server/security/rate-limiter';
import { SIGNED_OUT_CLEAR_SITE_DATA, type SessionStore } from '../auth';
import type { AccountService } from './account.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * 60 * 60 * 1000;

/** The 202 of an email change: the same words whether or not the address was free (no enumeration). */
export const EMAIL_CHANGE_ACCEPTED = 'If the address can be used, a confirmation link is on its way to it';

export function accountRoutes(app: AppInstance, deps: { account: AccountService; sessions: SessionStore; limits: RateLimits; changesApplied: ChangesApplied }) {
  const { account, sessions, limits } = deps;
  // A stolen session must not become a password oracle: ten wrong passwords per account per 15 minutes, counted
  // over the three calls that take one.
  const passwordChecks = limits.limiter('account-password-checks', 10, FIFTEEN_MINUTES);
  const exportsByUser = limits.limiter('account-exports', EXPORTS_PER_DAY, ONE_DAY);
  const cancelByIp = limits.limiter('email-change-cancel-by-ip', 30, ONE_HOUR);

  app.post('/api/account/password', { preValidation: signedIn, schema: { body: changePasswordInput } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await passwordChecks.hit(userId);
    await account.changePassword(userId, request.session.sid, request.body.currentPassword, request.body.newPassword);
    return reply.status(204).send();
  });

  app.post('/api/account/email', { preValidation: signedIn, schema: { body: changeEmailInput } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await passwordChecks.hit(userId);
    await account.requestEmailChange(userId, request.body.newEmail, request.body.password);
    return reply.status(202).send({ message: EMAIL_CHANGE_ACCEPTED, errors: [] });
  });

  // The link of the "someone asked to move your account" mail to the current address: the signed token is the
  // only authority (no session: the owner may have been signed out by then).
  app.post('/api/account/email/cancel', { schema: { body: cancelEmailChangeInput } }, async (request, reply) => {
    await cancelByIp.hit(request.ip);
    if (!(await account.cancelEmailChange(request.body.token))) {
      throw badRequest('email-change-link-invalid', [fieldError('token', 'tokenInvalid')]);
    }
    return reply.status(204).send();
  });

  app.get('/api/account/preferences', { preValidation: signedIn, schema: { response: { 200: preferences } } }, async (request) => {
    return account.preferences(memberOf(request).userId);
  });

  app.put('/api/account/preferences', { preValidation: signedIn, schema: { body: preferencesInput, response: { 200: preferences } } }, async (request) => {
    return account.setPreferences(memberOf(request).userId, request.body);
  });

  app.get('/api/account/sessions', { preValidation: signedIn, schema: { response: { 200: z.array(sessionSummary) } } }, async (request) => {
    return account.listSessions(memberOf(request).userId, request.session.sid);
  });

  app.delete('/api/account/sessions/:id', { preValidation: signedIn, schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await account.endSession(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/account/export', { preValidation: signedIn }, async (request, reply) => {
    const { userId } = memberOf(request);
    // A link on another site must not use up the member's exports of the day.
    refuseCrossSiteRead(request);
    await exportsByUser.hit(userId);
    const zip = await account.export(userId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="sanga-export-${day}.zip"`)
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  app.post('/api/account/delete', { preValidation: signedIn, schema: { body: deleteAccountInput } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await passwordChecks.hit(userId);
    const { profileId } = await account.deleteAccount(userId, request.body.password);
    // The member's profile leaves this process's match index before the answer (the NOTIFY sent at commit).
    if (profileId) await deps.changesApplied();
    // The session row went with the account; this clears the cookies, and the browser its cache, as logout does.
    await sessions.destroy(request, reply);
    return reply.header('Clear-Site-Data', SIGNED_OUT_CLEAR_SITE_DATA).status(204).send();
  });
}

/**
 * One-click unsubscribe (RFC 8058), without signing in: the signed token is the only authority. A mail program
 * POSTs `List-Unsubscribe=One-Click` as a form to the link of the List-Unsubscribe header (token in the query);
 * our confirm page POSTs JSON `{token}`. A GET (a person opening the link) lands on that page and changes nothing.
 */
export function unsubscribeRoutes(app: AppInstance, deps: { account: AccountService }) {
  // Only in this scope: the rest of the API takes JSON alone (docs/security.md, cross-site requests).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // `lang`: the mail's language (every mailed link names it), passed on to the page the link opens.
  const tokenQuery = z.object({ token: tokenField.optional(), lang: z.enum(languages).optional() });

  app.get('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const params = new URLSearchParams();
    if (request.query.token) params.set('token', request.query.token);
    if (request.query.lang) params.set(LANGUAGE_PARAM, request.query.lang);
    return reply.redirect(`/unsubscribe${params.size ? `?${params}` : ''}`, 302);
  });

  app.post(
    '/api/unsubscribe',
    // A mail provider's servers send this, from no page of ours: the token, not the origin, is what counts.
    { config: { allowCrossSite: true }, schema: { querystring: tokenQuery, body: z.object({ token: tokenField.optional() }).optional() } },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token;
      if (!token || !(await deps.account.unsubscribe(token))) {
        throw badRequest('unsubscribe-link-invalid', [fieldError('token', 'tokenInvalid')]);
      }
      return reply.status(204).send();
    },
  );
}
