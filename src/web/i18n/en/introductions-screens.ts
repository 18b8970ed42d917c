/**
 * Words of the introductions' screens that only some members open (issue 51): the coordinators' outcomes, "Did you
 * meet?" and the reasons for a no. Merged under `introductions` when those screens load (i18n/screen-texts.ts), so
 * the first download every visitor pays for does not carry them.
 */
export default {
  outcomesPage: {
    title: 'Outcomes',
    intro: 'What became of the introductions proposed in these months, why people said no, and each coordinator’s figures. No member is named here.',
    back: 'Back to the coordinator page',
    link: 'Outcomes: what became of our introductions',
    range: 'Months',
    from: 'From',
    to: 'To',
    show: 'Show',
    funnel: 'By the month proposed',
    month: 'Month',
    total: 'Total',
    stages: {
      proposed: 'Proposed',
      elderApproved: 'Approved',
      bothAccepted: 'Both accepted',
      met: 'Met',
      courting: 'Courting',
      engaged: 'Engaged',
      married: 'Married',
    },
    reasons: 'Why people said no',
    noReasons: 'No reasons were given for a no in these months.',
    coordinators: 'Each coordinator',
    unnamed: 'A coordinator without a name',
    coordinatorLine: '{{proposed}} proposed · {{accepted}} both accepted · {{met}} met · {{married}} married',
  },
  met: {
    heading: 'A week since you were introduced to {{name}}',
    private: 'Only the coordinators read your answer; {{name}} never sees it. It helps them care for you both.',
    question: 'Have you and {{name}} met or spoken?',
    answers: { no: 'Not yet', video: 'Yes, by video or phone', 'in-person': 'Yes, in person' },
    again: 'Would you like to meet {{name}} again?',
    againAnswers: { yes: 'Yes', no: 'No', unsure: 'Not sure yet' },
    choose: 'Choose an answer',
    send: 'Send to the coordinators',
    thanks: 'Thank you. The coordinators have your answer.',
    failed: 'Your answer could not be sent. Please try again.',
    /** The coordinator's member page. */
    byMember: '{{name}}: {{answer}}',
    wouldMeetAgain: 'would like to meet again',
    wouldNotMeetAgain: 'would not like to meet again',
  },
  declineReasons: {
    heading: 'Why not? (only the coordinators read this)',
    hint: 'Choose any that fit (for “Something else”, say what in the note). It helps the coordinators propose better next time; {{name}} never sees it.',
    elderHint: 'Choose any that fit (for “Something else”, say what in the note). Only the coordinators read it.',
    age: 'Age',
    distance: 'Distance',
    practice: 'Spiritual practice',
    family: 'Family',
    photos: 'Photos',
    'already-talking': 'Already talking to someone',
    'not-ready': 'Not ready now',
    other: 'Something else',
  },
};
