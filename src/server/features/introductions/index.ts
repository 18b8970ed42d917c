/**
 * Human-led introductions; the state machine is domain/introductions/introduction-flow.ts. introductions.service.ts: the commands
 * (answers, elders' reviews, check-ins, endings, expiry); introduction-proposal.ts: a coordinator's proposal (the
 * pair's facts, proposalRefusal, the flow's `propose`); introduction-deadlines.ts: an answer's deadline as an outbox
 * job run at respond_by; introduction-views.ts: what members, coordinators and elders read; introduction-effects.ts:
 * the row locked with its facts, and a transition's streams, notices and mails; introduction-requests.ts: "introduce
 * us" requests; stories.service.ts and stories.routes.ts: stories shared with both members' consent; introduction-deletion.ts: an account's deletion ends its introductions; coordinator.service.ts: the
 * members queue, a member's page, suggestions from the match index; introductions.routes.ts. Its SQL conditions are
 * policy/introduction-sql.ts, its mails features/notifications.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { CoordinatorService, memberBiodataOf } from './coordinator.service';
export { INTRODUCTION_EXPIRY_JOB } from './introduction-deadlines';
export { endIntroductionsOfDeletedMember } from './introduction-deletion';
export { IntroductionsService } from './introductions.service';
export { introductionsRoutes } from './introductions.routes';
export { StoriesService } from './stories.service';
export { storiesRoutes } from './stories.routes';
