export default {
  appName: 'Sanga',
  loading: 'Loading...',
  back: 'Back',
  language: {
    label: 'Language',
    switchTo: 'Cambiar a español',
    en: 'English',
    es: 'Español',
  },
  nav: {
    label: 'Main navigation',
    browse: 'Browse Matches',
    messages: 'Messages',
    guidance: 'Guidance',
    profile: 'My Profile',
    about: 'About',
    logout: 'Logout',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    signedInAs: 'Signed in as {{email}}',
  },
  toast: {
    close: 'Close',
    region: 'Notifications ({hotkey})',
    announce: 'Notification',
  },
  errors: {
    generic: 'Something went wrong. Please try again.',
    title: 'Error',
  },
  placeholder: {
    title: 'Coming soon',
    body: 'This part of Sanga is being built. Please check back soon.',
    home: 'Back to Home',
  },
} as const;
