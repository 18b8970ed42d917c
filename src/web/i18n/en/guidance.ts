/** /guidance texts. */
export default {
  title: 'Guidance and Mentorship',
  intro:
    'Our volunteers and mentors offer guidance for every step of the journey toward marriage: spiritual practice, family conversations, courtship and readiness. Guidance comes from people, never from an algorithm.',
  donationIntro: 'Support is always by voluntary donation.',
  donationLink: 'Read the Donation Guide',
  tagline: 'Walk this path with people who have walked it before you.',
  listTitle: 'Meet Our Volunteers',
  loadFailed: 'We could not load the volunteers. Please try again.',
  /** No mentor listed yet: said plainly, with how to become one. */
  emptyHonest: 'No mentor is listed yet. Sanga’s mentors are volunteers from the community, each approved by our team. If you can offer counsel on courtship, marriage readiness or family life, you can apply to be one.',
  emptyApply: 'Apply to be a mentor',
  card: {
    support: 'How to Support',
    minimumDonation: 'Suggested minimum: {{amount}}',
    supportFallback: 'Support is by voluntary donation.',
    readMore: 'Read more',
    readLess: 'Show less',
    sendMessage: 'Send Message',
    yourProfile: 'Your Profile',
    noAccount: 'This volunteer cannot be messaged yet.',
    signUpPrompt: 'Create a profile to message volunteers.',
    getStarted: 'Get Started',
  },
  volunteer: {
    title: 'Would you like to offer guidance?',
    body: 'Mentors, elders and practitioners can apply to volunteer. An admin reviews every application.',
    action: 'Apply to Volunteer',
    /** For a member who already applied. */
    mineTitle: 'You volunteer with Sanga',
    mineBody: 'Your volunteer profile shows your application, its review and your photo.',
    mine: 'My volunteer profile',
  },
} as const;
