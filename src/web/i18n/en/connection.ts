export default {
  offlineTitle: 'You are offline',
  // Nothing is queued while offline: never promise that a message will be sent later.
  offlineBody: 'Sanga cannot load or send anything until your connection is back.',
  waitingTitle: 'Waiting for a connection',
  screenNeedsConnection: 'This screen needs a connection. It opens by itself as soon as you are back online.',
  updateTitle: 'A new version of Sanga is ready',
  reload: 'Reload',
};
