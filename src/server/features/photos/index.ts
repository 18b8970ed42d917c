// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { objectKeyFromPath, objectPathFromKey } from './object-paths';
export { PhotosService } from './photos.service';
export { photosRoutes } from './photos.routes';
