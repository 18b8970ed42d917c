export { ConsultationsService } from './consultations.service';
export { consultationsRoutes } from './consultations.routes';
