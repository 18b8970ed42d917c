export default {
  title: 'Donation Guide',
  intro: 'Sanga is free to use. This guide explains how voluntary giving keeps the service running, and how you can take part in the way that fits your life.',
  backHome: 'Back to Home',
  philosophy: {
    title: 'Our Donation Philosophy',
    p1: 'Sanga is offered as a ministry service, in a spirit of seva. No one is ever turned away for being unable to give, and no part of the service is locked behind a payment.',
    p2: 'Donations are voluntary and come from the heart. They cover the care of coordinators, the time of our elders and the cost of running the platform, so the service can remain open to everyone.',
  },
  levels: {
    title: 'Three Ways to Participate',
    intro: 'Choose the level that honestly reflects your situation today. It can change as your life changes, and no one will ask you to justify it.',
    noAmounts: 'We do not set amounts. Give what feels right to you, in the spirit of each level.',
    providedFor: {
      name: 'Provided-For',
      body: 'If giving is difficult right now, you are welcome to receive the service freely. The community provides for you, with no expectation and no shame. Your sincerity is your offering.',
    },
    equalExchange: {
      name: 'Equal Exchange',
      body: 'If you are able, offer a donation that reflects the value you receive: the time, care and guidance given to you along the way.',
    },
    provider: {
      name: 'Provider',
      body: 'If you have been blessed with more, you can give beyond what you receive. Your generosity provides for others who cannot give at this time.',
    },
  },
  volunteers: {
    title: 'Guidance for Volunteers',
    p1: 'Volunteers and mentors share their gifts in service. You may offer free offerings, such as counsel, classes or conversations, as a gift to the community.',
    p2: 'You may also list paid services. Sanga does not book them, take payment for them or keep any fee: you and the person arrange and pay for them directly.',
    p3: 'Please describe clearly on your volunteer profile what you offer freely, what you offer as a paid service, and how people can support you.',
    guidanceLink: 'Meet the Mentors',
  },
  give: {
    title: 'How to Give',
    online: 'You can give through the ministry’s donation page, at any time and in any amount you choose.',
    button: 'Donate',
    newTab: '(opens in a new tab)',
    inPerson: 'There is no online donation page yet. If you would like to give, please ask your coordinator, or give in person at the temple. Any offering is welcome, and giving is never a condition of being helped.',
  },
  closing: 'Whatever you are able to give, thank you for being part of this community. Every offering, large or small, helps another person find their partner on the path.',
} as const;
