import { z } from 'zod';
import { currentUser, registerInput, loginInput, passwordResetConfirmInput, passwordResetRequestInput, safeReturnTo, userSummary } from '#domain/accounts/auth';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import { verifyEmailInput } from '#domain/accounts/account';
import { unauthorized } from '#server/errors';
import { RETURNING_BROWSER_COOKIE } from '#domain/accounts/session-hint';
import type { BackgroundQueue } from '#server/jobs/background-queue';
import type { RateLimits } from '#server/security/rate-limiter';
import type { AuthService } from './auth.service';
import type { SessionStore } from './session-store';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Failed sign-ins one email may take from all addresses together before each address gets a single try. */
export const LOGIN_EMAIL_CEILING = 100;

/**
 * The Clear-Site-Data of an answer that ends a member's time on this browser (logout, account deletion): the browser
 * drops what it cached while signed in, private photos among it.
 */
export const SIGNED_OUT_CLEAR_SITE_DATA = '"cache"';

export function authRoutes(app: AppInstance, deps: { auth: AuthService; sessions: SessionStore; backgroundJobs: BackgroundQueue; limits: RateLimits; signupsPerIpPerHour: number }) {
  const { auth, sessions, backgroundJobs, limits } = deps;
  const loginByIp = limits.limiter('login-by-ip', 30, FIFTEEN_MINUTES);
  // The strict counter is per (email, address): ten wrong passwords from one place no longer lock the owner
  // out everywhere. The per-email ceiling slows a spread-out attack: past it, an address that already failed
  // for this email is refused, so each address gets one guess, while the owner's first try from a fresh address
  // (their phone, their home) still signs in.
  const loginByEmailAndIp = limits.limiter('login-by-email-and-ip', 10, FIFTEEN_MINUTES);
  const failuresByEmail = limits.limiter('failures-by-email', LOGIN_EMAIL_CEILING, FIFTEEN_MINUTES);
  // Generous: a whole community gathering may sign up from one wifi address.
  const registerByIp = limits.limiter('register-by-ip', deps.signupsPerIpPerHour, ONE_HOUR);
  const resetByIp = limits.limiter('reset-by-ip', 10, ONE_HOUR);
  const resetByEmail = limits.limiter('reset-by-email', 3, ONE_HOUR);
  const verifyByIp = limits.limiter('verify-email-by-ip', 30, ONE_HOUR);
  const resendByUser = limits.limiter('verify-resend-by-user', 3, ONE_HOUR);

  // The spec signs in by navigating here; we answer with our own sign-in screen (sign-up for a browser new here).
  app.get(
    '/api/login',
    { schema: { querystring: z.object({ returnTo: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (request.session.data.userId) return reply.redirect(returnTo, 302);
      // A browser that never signed in here is most likely a new member: the sign-up form first.
      const firstVisit = request.cookies[RETURNING_BROWSER_COOKIE] !== '1';
      return reply.redirect(`/login?${new URLSearchParams(firstVisit ? { mode: 'signup', returnTo } : { returnTo })}`, 302);
    },
  );

  app.post(
    '/api/auth/register',
    { schema: { body: registerInput, response: { 201: userSummary } } },
    async (request, reply) => {
      await registerByIp.hit(request.ip);
      const user = await auth.register(request.body.email, request.body.password, { privacyNoticeVersion: request.body.privacyNoticeVersion, language: request.body.language });
      await sessions.rotate(request, reply, { userId: user.id });
      return reply.status(201).send({ id: user.id, email: user.email });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginInput, response: { 200: userSummary } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const pair = `${email}\n${request.ip}`;
      await loginByIp.hit(request.ip);
      if ((await failuresByEmail.count(email)) >= LOGIN_EMAIL_CEILING) await loginByEmailAndIp.assertBelow(pair, 1);
      await loginByEmailAndIp.hit(pair);
      let user;
      try {
        user = await auth.verifyCredentials(email, password);
      } catch (error) {
        // Unknown emails count too, so the answers cannot tell members from strangers.
        await failuresByEmail.record(email);
        throw error;
      }
      await loginByEmailAndIp.reset(pair);
      await sessions.rotate(request, reply, { userId: user.id });
      return { id: user.id, email: user.email };
    },
  );

  app.get('/api/auth/user', { preValidation: signedIn, schema: { response: { 200: currentUser } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    const user = await auth.findUser(userId);
    if (!user) {
      // The account is gone (deleted): its session must not linger.
      await sessions.destroy(request, reply);
      throw unauthorized();
    }
    return user;
  });

  app.post('/api/logout', async (request, reply) => {
    await sessions.destroy(request, reply);
    return reply.header('Clear-Site-Data', SIGNED_OUT_CLEAR_SITE_DATA).status(204).send();
  });

  app.post('/api/auth/password-reset', { schema: { body: passwordResetRequestInput } }, async (request, reply) => {
    await resetByIp.hit(request.ip);
    await resetByEmail.hit(request.body.email);
    const { email } = request.body;
    // The answer goes out before any work: a known email (token insert + mail) must not answer slower than an
    // unknown one, nor differently when the mail fails. The queue logs failures (without the address).
    backgroundJobs.enqueue('password-reset-mail', () => auth.requestPasswordReset(email));
    return reply.status(202).send({ message: 'If an account exists for that email, a reset link is on its way', errors: [] });
  });

  // The link in a verification or change-of-email mail; the token is the only authority (no session needed).
  app.post('/api/auth/verify-email', { schema: { body: verifyEmailInput } }, async (request, reply) => {
    await verifyByIp.hit(request.ip);
    await auth.verifyEmail(request.body.token);
    return reply.status(204).send();
  });

  app.post('/api/auth/verify-email/resend', { preValidation: signedIn }, async (request, reply) => {
    const { userId } = memberOf(request);
    await resendByUser.hit(userId);
    await auth.resendVerification(userId);
    return reply.status(202).send({ message: 'If your email is not verified yet, a new link is on its way', errors: [] });
  });

  app.post('/api/auth/password-reset/confirm', { schema: { body: passwordResetConfirmInput } }, async (request, reply) => {
    await resetByIp.hit(request.ip);
    await auth.confirmPasswordReset(request.body.token, request.body.password);
    // The caller's own session (if any) was among those ended: clear its cookie too.
    await sessions.destroy(request, reply);
    return reply.status(204).send();
  });
}
