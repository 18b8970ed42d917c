import { z } from 'zod';
import { credentialsInput, loginInput, passwordResetConfirmInput, passwordResetRequestInput, safeReturnTo } from '../../../domain/auth';
import type { AppInstance } from '../../app-types';
import { redactForLog, unauthorized } from '../../errors';
import { RateLimiter } from '../../security/rate-limiter';
import type { AuthService } from './auth.service';
import { requireUserId, type SessionStore } from './sessions';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

const userSummary = z.object({ id: z.uuid(), email: z.string() });
const currentUser = userSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export function authRoutes(app: AppInstance, deps: { auth: AuthService; sessions: SessionStore }) {
  const { auth, sessions } = deps;
  const loginByIp = new RateLimiter(30, FIFTEEN_MINUTES);
  const loginByEmail = new RateLimiter(10, FIFTEEN_MINUTES);
  // Generous: a whole community gathering may sign up from one wifi address.
  const registerByIp = new RateLimiter(100, ONE_HOUR);
  const resetByIp = new RateLimiter(10, ONE_HOUR);
  const resetByEmail = new RateLimiter(3, ONE_HOUR);

  // The spec signs in by navigating here; we answer with our own sign-in screen.
  app.get(
    '/api/login',
    { schema: { querystring: z.object({ returnTo: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (request.session.data.userId) return reply.redirect(returnTo, 302);
      return reply.redirect(`/login?${new URLSearchParams({ returnTo })}`, 302);
    },
  );

  app.post(
    '/api/auth/register',
    { schema: { body: credentialsInput, response: { 201: userSummary } } },
    async (request, reply) => {
      registerByIp.hit(request.ip);
      const user = await auth.register(request.body.email, request.body.password);
      await sessions.rotate(request, reply, { userId: user.id });
      return reply.status(201).send({ id: user.id, email: user.email });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginInput, response: { 200: userSummary } } },
    async (request, reply) => {
      loginByIp.hit(request.ip);
      loginByEmail.hit(request.body.email);
      const user = await auth.verifyCredentials(request.body.email, request.body.password);
      loginByEmail.reset(request.body.email);
      await sessions.rotate(request, reply, { userId: user.id });
      return { id: user.id, email: user.email };
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: currentUser } } }, async (request, reply) => {
    const userId = requireUserId(request);
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
    return reply.status(204).send();
  });

  app.post('/api/auth/password-reset', { schema: { body: passwordResetRequestInput } }, async (request, reply) => {
    resetByIp.hit(request.ip);
    resetByEmail.hit(request.body.email);
    try {
      await auth.requestPasswordReset(request.body.email);
    } catch (error) {
      // Only a real account gets a mail: a failed send must not answer differently from an unknown email.
      request.log.error({ error: redactForLog(error) }, 'password reset mail failed');
    }
    return reply.status(202).send({ message: 'If an account exists for that email, a reset link is on its way', errors: [] });
  });

  app.post('/api/auth/password-reset/confirm', { schema: { body: passwordResetConfirmInput } }, async (request, reply) => {
    resetByIp.hit(request.ip);
    await auth.confirmPasswordReset(request.body.token, request.body.password);
    // The caller's own session (if any) was among those ended: clear its cookie too.
    await sessions.destroy(request, reply);
    return reply.status(204).send();
  });
}
