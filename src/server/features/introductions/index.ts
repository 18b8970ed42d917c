// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { CoordinatorService, memberBiodataOf } from './coordinator.service';
export { INTRODUCTION_EXPIRY_JOB } from './introduction-deadlines';
export { endIntroductionsOfDeletedMember } from './introduction-deletion';
export { IntroductionsService } from './introductions.service';
export { introductionsRoutes } from './introductions.routes';
