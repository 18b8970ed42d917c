export default {
  title: 'Privacy Notice',
  version: 'Version {{version}}',
  intro: 'Sanga helps members of small faith communities find a partner for marriage. You trust us with personal details; this page says what we keep, who sees it, for how long, and how to remove it.',
  sections: {
    stored: {
      title: 'What we store',
      body: 'Your email address and a hash of your password (never the password itself); your profile (name, gender, date of birth, place, community, answers about courtship, diet and readiness, the text you write about yourself) and your photos, re-encoded without location or camera data; the messages you send and receive; a volunteer application if you send one; reports you file and reports about you; the time you agreed to this notice and its version.',
    },
    who: {
      title: 'Who sees it',
      matches: 'Your matches (people the matching rules pair with you) see your first name, age, place, answers, the text about you and your photos (if you choose to show your photos only to people you are introduced to, they see blurred previews made on our server until an introduction you both accepted). Choosing a distance on Browse Matches looks places up in a list of cities that Sanga carries itself (GeoNames, CC BY 4.0): your place is never sent anywhere for it. So does the other person of an introduction while it is open, has reached them and your profile is active; once it closes, or while your profile is paused, they see only your first name as it was. They never see your email or your date of birth.',
      coordinators: 'Community coordinators and elders who help with introductions see the profiles of the people they help, and the answers of the references you ask for: you see who answered, never what they wrote. If a coordinator verifies you, your matches see “Verified by a coordinator”, how and when, until your name, birth date or photos change. Your matches see how many references a coordinator has read, never their content.',
      volunteers: 'Volunteers see only what you write to them in messages.',
      admin: 'The admin of this Sanga service sees everything above, to approve volunteers, review reports and keep members safe. Every admin action is recorded.',
      nobodyElse: 'Nobody else: we do not sell or share your data, and photos are served only to the people above.',
    },
    howLong: {
      title: 'How long we keep it',
      body: 'For as long as your account is used, and no longer than this:',
      items: {
        account: 'If nobody signs in to your account for three years, we email you; 30 days later the account and everything in it are deleted, unless you sign in.',
        messages: 'Messages stay while either of you has an account: if one of you deletes theirs, the other keeps the conversation, shown as with “a deleted member”, and it goes with the second account.',
        introductions: 'Introductions that ended, with their reviews and check-ins, are deleted two years later.',
        reports: 'Reports are deleted a year after they are resolved.',
        audit: 'The record of staff actions is kept two years; when you delete your account, your name, email and ids in it are replaced at once by codes that cannot be traced back to you.',
        links: 'Links we mail you are deleted once used or expired; sessions end after two weeks without use; unused photo uploads are deleted after a day.',
        reportedAccounts: 'When an account is deleted, reports other members made about it stay for the admins, with the reported messages as evidence but without the account’s name or email; if any of those reports was still open, a scrambled form (a hash) of its email is kept for 90 days so it cannot sign up again at once.',
        deleted: 'What you delete leaves the database files within 24 hours.',
        backups: 'Backups on the server are deleted after 30 days, so after a deletion no copy there is older than that.',
      },
      record: 'The full list, with what is and is not in your data download and why, is the service’s privacy record (docs/privacy.md in Sanga’s source); ask us for it at the address below.',
    },
    delete: {
      title: 'How to delete it',
      body: 'You can remove photos and hide your profile at any time on My Profile. Deleting your whole account (and everything listed here) is on the Settings page; until it is open to you, write to us and we delete it for you.',
    },
    contact: {
      title: 'Questions',
      body: 'Write to {{email}}.',
    },
  },
} as const;
