import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Actor, MemberActor } from '#domain/access';
import type { MemberRole } from '#domain/staff/roles';
import type { SessionData } from '#server/db/schema';
import { forbidden, unauthorized } from '#server/errors';

/*
 * Guards are route options (docs/decisions/011-policy-layer.md): every route says who may call it with
 * `preValidation: signedIn | adminOnly | hasRole('coordinator')`, and the guard sets `request.actor` from the session
 * before the handler runs. A guard runs before the request's body, params and query are checked (Fastify's
 * preValidation; the session was loaded at onRequest): someone who may not call a route gets 401 or 403 whatever
 * they send, and never a 400 that describes what the route would take. The body is parsed by
 * then (malformed JSON or a wrong content type still answer first, telling nothing about the route).
 * Rules about people (may this coordinator reach that member?) stay pure can.* functions over loaded facts
 * (domain/access.ts, policy/); a guard only says who is asking and whether they may ask at all.
 * security/route-guards.test.ts fails for a route that declares no guard and is not on its public list.
 */

/** The session a request came with (features/auth/session-store.ts loads it), with the roles of its member. */
export interface RequestSession {
  sid: string | null;
  data: SessionData;
  /** The member's roles as the session load read them (users.roles); absent for a visitor and the admin alone. */
  roles?: readonly MemberRole[] | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
    /** Who is asking, set by the route's guard (null until a guard ran; read it with actorOf / memberOf). */
    actor: Actor | null;
  }
}

export type GuardName = 'anyone' | 'signedIn' | 'adminOnly' | `hasRole:${MemberRole}` | 'coordinatorOrAdmin';
export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly guardName: GuardName };

function guard(name: GuardName, check: (actor: Actor) => void): Guard {
  const run = async (request: FastifyRequest) => {
    const actor = sessionActor(request.session);
    check(actor);
    request.actor = actor;
  };
  return Object.assign(run, { guardName: name });
}

/** The actor of a session: its member, the admin flag and the member's roles (never anything the browser says). */
export function sessionActor(session: RequestSession): Actor {
  const { userId, isAdmin } = session.data;
  return { userId, isAdmin: isAdmin === true, roles: userId ? (session.roles ?? []) : [] };
}

/** Open to everyone, visitors included; the handler may still decide with can.* from `actorOf(request)`. */
export const anyone = guard('anyone', () => undefined);

/** A signed-in member, else 401 (`unauthorized`, the code the web reads as "signed out"). */
export const signedIn = guard('signedIn', (actor) => {
  if (!actor.userId) throw unauthorized();
});

/** The admin session: its rights come only from the server session's flag, never from the browser (401 `admin-required`). */
export const adminOnly = guard('adminOnly', (actor) => {
  if (!actor.isAdmin) throw unauthorized('admin-required');
});

const roleRefusal = { coordinator: 'coordinators-only', elder: 'elders-only' } as const satisfies Record<MemberRole, string>;
const roleGuards = new Map<MemberRole, Guard>();

/** A signed-in member the admin granted this role (401 when signed out, 403 `coordinators-only` / `elders-only`). */
export function hasRole(role: MemberRole): Guard {
  let made = roleGuards.get(role);
  if (!made) {
    made = guard(`hasRole:${role}`, (actor) => {
      if (!actor.userId) throw unauthorized();
      if (!actor.roles?.includes(role)) throw forbidden(roleRefusal[role]);
    });
    roleGuards.set(role, made);
  }
  return made;
}

/**
 * A coordinator, or the admin session (the ministry's own view of figures that name no member): 401 signed out,
 * 403 `coordinators-only` for a member without the role.
 */
export const coordinatorOrAdmin = guard('coordinatorOrAdmin', (actor) => {
  if (actor.isAdmin) return;
  if (!actor.userId) throw unauthorized();
  if (!actor.roles?.includes('coordinator')) throw forbidden(roleRefusal.coordinator);
});

/** Who is asking, as the route's guard set it; a route without a guard is a programming error (500), never a pass. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} declares no guard`);
  return request.actor;
}

/** The signed-in member asking, on a route guarded by signedIn or hasRole. */
export function memberOf(request: FastifyRequest): MemberActor {
  const actor = actorOf(request);
  if (!actor.userId) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads a member behind a guard that admits none`);
  return { userId: actor.userId, isAdmin: actor.isAdmin === true, roles: actor.roles ?? [] };
}

/** The guard among one of a route's hook options (a function or a list of them), if any. */
function guardIn(option: unknown): GuardName | undefined {
  const hooks = option === undefined ? [] : Array.isArray(option) ? option : [option];
  for (const hook of hooks) {
    if (typeof hook === 'function' && 'guardName' in hook) return (hook as Guard).guardName;
  }
  return undefined;
}

/** The guard a route declares in its preValidation (undefined when none): the route-guard test walks every route with it. */
export function guardOf(route: Pick<RouteOptions, 'preValidation'>): GuardName | undefined {
  return guardIn(route.preValidation);
}

/** A guard put in a route's preHandler, where it would run after validation: the route-guard test refuses it. */
export function lateGuardOf(route: Pick<RouteOptions, 'preHandler'>): GuardName | undefined {
  return guardIn(route.preHandler);
}
