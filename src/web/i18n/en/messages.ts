/** /messages and /conversation/{otherUserId} texts, and the unread count on the navigation bar. */
export default {
  back: 'Back',
  unknownName: 'Sanga member',
  /** The other person of a thread who deleted their account (issue 28). */
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
  },
} as const;
