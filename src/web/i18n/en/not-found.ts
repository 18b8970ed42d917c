export default {
  title: 'Page Not Found',
  body: 'This page does not exist, or it has moved. Check the address, or start again from the home page.',
  home: 'Back to Home',
} as const;
