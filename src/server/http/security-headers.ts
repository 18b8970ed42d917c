import fastifyHelmet from '@fastify/helmet';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import { SCRIPTS_AFTER_FIRST_PAINT_HASH } from '#server/scripts-after-first-paint';
import type { ObjectStore } from '#server/storage/object-store';

/**
 * Browser features the app never uses, refused for every page and frame; the camera only for the app's own pages
 * (the selfie step of the verification page, issue 50), never for a frame of another origin. Only features Chromium
 * knows: an unknown one (`bluetooth`, which it dropped) is logged as a console error on every page.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()';

/** The request id, the Permissions-Policy and no-store on every API answer, then helmet's headers and the CSP. */
export async function registerSecurityHeaders(app: AppInstance, config: Config, objectStore: ObjectStore): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // API answers carry personal data (profiles, messages, the signed-in user): no cache may keep them.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('Cache-Control', 'no-store');
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a server-rendered page's starter of its scripts (scripts-after-first-paint.ts).
        scriptSrc: ["'self'", SCRIPTS_AFTER_FIRST_PAINT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Direct-to-bucket photo uploads PUT to the bucket's origin.
        connectSrc: ["'self'", ...(objectStore.uploadOrigin ? [objectStore.uploadOrigin] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
}
