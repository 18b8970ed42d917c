/** /admin-login and the header's admin line: the dashboard's words load with it (admin-screens.ts). */
export default {
  login: {
    title: 'Admin Access',
    intro: 'Enter the admin password to open the dashboard.',
    password: 'Admin password',
    submit: 'Access Dashboard',
    submitting: 'Checking...',
    deniedTitle: 'Access Denied',
    denied: 'Invalid password',
    tooMany: 'Too many attempts. Please wait 15 minutes and try again.',
    disabled: 'Admin sign-in is turned off on this server.',
    failed: 'Could not sign in. Please try again.',
    home: 'Back to Home',
  },
  header: { signedIn: 'Signed in as admin' },
} as const;
