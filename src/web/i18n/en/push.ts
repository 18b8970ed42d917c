export default {
  heading: 'Notifications on this device',
  intro: 'Sanga can tell you on this phone or computer when someone writes to you or an introduction is proposed, instead of by email. A notification says who and where, never what was written.',
  unsupported: 'This browser cannot show notifications from Sanga here. A private (incognito) window never can: open Sanga in a normal window and turn them on there.',
  homeScreenFirst:
    'On an iPhone or iPad, only Sanga on your home screen can show notifications. Tap the Share button, choose “Add to Home Screen”, then open Sanga from your home screen and turn them on in its settings.',
  unavailable:
    'This window cannot receive notifications. A private (incognito) window never can: open Sanga in a normal window, or the Sanga app on your home screen, and turn them on there.',
  blocked: 'Notifications are blocked for Sanga in this browser. Allow them in the browser’s site settings, then come back here.',
  denied: 'The browser did not allow notifications, so they are still off. If this is a private (incognito) window, open Sanga in a normal window instead.',
  turnOn: 'Turn on notifications on this device',
  turningOn: 'Turning on…',
  turnOff: 'Turn off notifications on this device',
  on: 'Notifications are on for this device. You get an email only when no device could be reached.',
  what: 'Notify me about',
  messages: 'New messages while I am away',
  introductions: 'Introductions',
  devices: 'Devices that receive notifications',
  thisDevice: 'This device',
  since: 'Since {{date}}',
  remove: 'Remove',
};
