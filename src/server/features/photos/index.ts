/**
 * Photos: upload tickets (signed, single use), processing (storage/images.ts) and /objects/photos/* (who may see
 * one: domain/access.ts can.viewPhoto), in photos.service.ts and photos.routes.ts; object-paths.ts maps stored keys
 * to /objects paths.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { objectKeyFromPath, objectPathFromKey } from './object-paths';
export { PhotosService } from './photos.service';
export { photosRoutes } from './photos.routes';
