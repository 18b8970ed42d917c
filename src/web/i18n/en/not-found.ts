export default {
  title: 'Page Not Found',
  body: 'Did you forget to add the page to the router?',
  home: 'Back to Home',
} as const;
