export default {
  title: 'Install Sanga',
  body: 'Add Sanga to your home screen to open it like an app.',
  install: 'Install',
  dismiss: 'Not now',
};
