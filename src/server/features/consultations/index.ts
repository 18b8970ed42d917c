/**
 * The marriage-readiness consultation queue: members whose profile answers Yes, marked handled by a coordinator
 * with a private note; /api/coordinator/consultations, coordinators only, audited (consultations.routes.ts,
 * consultations.service.ts).
 */
export { ConsultationsService } from './consultations.service';
export { consultationsRoutes } from './consultations.routes';
