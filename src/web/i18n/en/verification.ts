/** The ladder of verification (issue 50): the words the cards, lists and notices show; the screens' own are in verification-screens.ts. */
export default {
  rungs: {
    email: 'Email verified',
    selfie: 'Selfie matched',
    metByCoordinator: 'Met by a coordinator',
    references: 'Two references',
  },
  /** A tick with its date, for a screen reader: "Selfie matched on Nov 22, 2026". */
  tickLabel: '{{rung}} on {{date}}',
  ticksLabel: 'Verification',
  full: 'Fully verified',
  fullLabel: 'Fully verified since {{date}}',
  mine: {
    link: 'My verification',
  },
};
