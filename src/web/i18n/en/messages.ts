/** /messages and /conversation/{otherUserId} texts, and the unread count on the navigation bar. */
export default {
  back: 'Back',
  unknownName: 'Sanga member',
  system: {
    introduced: 'You and {{name}} have both accepted the introduction. You may now write to each other.',
    yourMatch: 'your match',
  },
  /** The other person of a thread who deleted their account. */
  deletedMember: 'A deleted member',
  you: 'You',
  unread: '{{count}} unread',
  signedOut: {
    title: 'Sign in to see your messages',
    body: 'Create a profile or sign in to write to your matches and to our volunteers.',
    getStarted: 'Get Started',
  },
  list: {
    title: 'Messages',
    intro: 'Your conversations with matches and volunteers.',
    loading: 'Loading conversations...',
    loadFailed: 'We could not load your conversations. Please try again.',
    empty: 'No conversations yet',
    emptyBody: 'When you write to a match or a volunteer, the conversation appears here.',
    browse: 'Browse Matches',
    youPrefix: 'You: {{text}}',
  },
  thread: {
    title: 'Conversation',
    photoAlt: 'Photo of {{name}}',
    volunteer: 'Volunteer',
    logLabel: 'Messages with {{name}}',
    loading: 'Loading messages...',
    loadFailed: 'We could not load the messages. Please try again.',
    empty: 'No messages yet. Start the conversation!',
    said: '{{name}} said:',
    youSaid: 'You said:',
    departed: 'This member deleted their account. Your conversation stays here for you to read.',
    mayNotWrite: 'You cannot write to this person. You can write to your matches, to volunteers, and to people who wrote to you.',
    mayNotWriteIntroductionClosed: 'Your introduction with {{name}} has ended or was declined, so neither of you can write to the other any more. Your messages stay here. You can still write to your coordinator, and ask a coordinator for another introduction.',
    // The match page shows no messages: it does not say they stay "here".
    mayNotWriteIntroductionClosedOnMatch: 'Your introduction with {{name}} has ended or was declined, so neither of you can write to the other any more. Your earlier messages stay in Messages. You can still write to your coordinator, and ask a coordinator for another introduction.',
    mayNotWriteIntroductionsOnly: 'In this community members meet through a coordinator. To get to know this person, ask a coordinator to introduce you from their profile.',
    composer: {
      label: 'Your message',
      placeholder: 'Write a message...',
      hint: 'Press Enter to send, Shift+Enter for a new line.',
      send: 'Send',
      counter: '{{length}} of {{max}} characters',
      tooLong: 'This message is {{over}} characters over the limit of {{max}}. Shorten it to send.',
    },
    sendFailed: {
      title: 'Error',
      body: 'Failed to send message',
    },
    /** "Are you sure?" (its words are errors.message-unkind) and its two buttons. */
    edit: 'Edit',
    sendAnyway: 'Send anyway',
    /** A received message its sender sent anyway after "Are you sure?": shown behind a tap (also the list's preview). */
    hurtful: 'This message may be hurtful.',
    showIt: 'Show it',
    /** The receiver's thread, when messages from this person were held back before an introduction. */
    heldFrom: 'Sanga held back contact details or a money request from {{name}}.',
  },
} as const;
