export default {
  hero: {
    tagline: 'Matchmaking for Bhakti, Hindu and Yoga communities',
    title: 'Find a life partner who shares your path',
    subtitle: 'Respectful, human-led introductions for marriage across North America.',
    ministry: 'Offered as a ministry service by a religious organization.',
    ministryNamed: 'Offered as a ministry service by {{name}}.',
    description:
      'Sanga brings together sincere people who want a marriage grounded in devotion, practice and shared values. It is free to use, supported only by voluntary donations, and guided at every step by real people who care.',
    getStarted: 'Get Started',
    goToProfile: 'Go to My Profile',
    learnMore: 'How it works',
  },
  whatThisIs: {
    title: 'What This Is',
    intro: 'A gentle alternative to dating apps, shaped by the values of our communities.',
    respectful: {
      title: 'Respectful Introductions',
      body: 'Every introduction is made thoughtfully by a coordinator. Introductions are never automated swipes.',
    },
    donation: {
      title: 'Donation-Based',
      body: 'There are no fees or subscriptions. Sanga is free to use, and contributions are voluntary donations only.',
    },
    private: {
      title: 'Private & Personal',
      body: 'Your biodata is shared only with coordinators and potential matches. Nothing is ever public.',
    },
    promisesTitle: 'Our promise to you',
    promises: {
      swipes: 'Introductions are never automated swipes.',
      privacy: 'Your biodata is shared only with coordinators and potential matches.',
      people: 'Guidance comes from people, not from an algorithm.',
    },
  },
  howItWorks: {
    title: 'How It Works',
    intro: 'Four simple steps, taken at your own pace and with care.',
    stepLabel: 'Step {{number}}',
    one: {
      title: 'Share your biodata and boundaries',
      body: 'Tell us about yourself, your practice and your family values, including the community you identify with. Share your deal-makers and deal-breakers so we can honor your boundaries from the start.',
    },
    two: {
      title: 'Set your cross-community options',
      body: 'Choose how open you are to possibilities beyond your immediate circle.',
      across: 'Open to meeting someone from another community',
      relocation: 'Relocation within the USA, Canada or Mexico',
      diet: 'Diet compatibility, from strict sattvic to open and learning',
    },
    three: {
      title: 'AI-assisted, human-led',
      body: 'Technology helps suggest compatible matches, but people make the decisions. Coordinators review every suggestion, and a panel of elders makes the final decisions.',
      bodyWithoutElders: 'Technology helps suggest compatible matches, but people make the decisions: coordinators review every suggestion before anyone is introduced.',
    },
    four: {
      title: 'Personal introductions',
      body: 'When there is a promising match, you are introduced personally. Introductions are non-exclusive, no intimacy is expected, and follow-ups are clear so everyone knows where they stand.',
    },
  },
  courtship: {
    title: 'Two Ways to Court',
    intro: 'Everyone discerns differently. Choose the approach that feels right for you, and we will honor it.',
    oneToOne: {
      title: 'One-to-One Focus',
      body: 'Get to know one person at a time, giving each introduction your full attention before moving on.',
    },
    rotational: {
      title: 'Rotational Courtship',
      body: 'Meet several people respectfully at the same time, with openness and honesty on all sides, so you can discern with a wider view.',
    },
  },
  why: {
    title: 'Why This Matters',
    p1: 'For many of us, marriage is not only a personal choice. It is a spiritual partnership that supports our practice, our families and our communities.',
    p2: 'Dating apps are built for endless scrolling and quick judgments. They rarely understand devotion, dietary commitments or the importance of family and community blessings.',
    p3: 'Sanga brings back the care of a trusted matchmaker: people who know our traditions, listen closely, and walk with you until you find the right partner.',
  },
  testimonials: {
    title: 'Stories from Our Community',
    note: 'Names have been changed, and stories are shared with permission.',
    noteShared: 'Each story is shared with the permission of the person who tells it.',
    noteStories: 'Shared by both, who may withdraw it at any time.',
    couple: '{{first}} and {{second}}',
    photoOf: 'Photo of {{couple}}',
  },
  cta: {
    title: 'Guidance and Mentorship',
    body: 'You do not have to walk this path alone. Our volunteer mentors offer counsel on courtship, marriage readiness and family life, shared in a spirit of service.',
    mentors: 'Meet the Mentors',
    bodyNoMentors: 'You do not have to walk this path alone. Our mentors are volunteers from the community, each approved by our team; none is listed yet. If you can offer counsel on courtship, marriage readiness or family life, volunteer as a mentor.',
    volunteer: 'Volunteer as a Mentor',
    donationGuide: 'Read the Donation Guide',
  },
  footer: {
    ministry: 'Sanga operates as a ministry service under our parent ministry.',
    ministryLink: 'Visit our parent ministry',
    ministryLinkNamed: 'Visit {{name}}',
    newTab: '(opens in a new tab)',
    valuesLabel: 'Our values',
    values: {
      donation: 'Donation-based',
      transparent: 'Transparent',
      community: 'Community-based',
    },
    guidance: 'Guidance & Mentorship',
    privacy: 'Privacy Notice',
    contact: 'Contact: {{email}}',
    donate: 'Donate',
  },
} as const;
