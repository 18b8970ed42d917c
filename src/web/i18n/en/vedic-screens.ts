import { vedicValidationMessages } from '#domain/profile/vedic-messages';

/**
 * The profile form's "Vedic compatibility" section (issue 52): birth time and place. Loaded with the profile screen
 * and merged under `vedic` (i18n/screen-texts.ts), so the first download every visitor pays for does not carry them.
 */
export default {
  validation: vedicValidationMessages,
  form: {
    title: 'Vedic compatibility (optional)',
    intro: 'If you wish, your traditional horoscope can be compared with those of your matches. Leave this off to skip it.',
    optIn: 'Compare our traditional horoscopes (guna milan) with matches who also opt in.',
    optInHint: 'Your birth time and place are never shown to anyone: not to your matches, not to coordinators or elders, not to the admin. Unticking this deletes them.',
    birthTime: 'Time of birth',
    birthTimeHint: 'The local time where you were born, as on your birth certificate.',
    accuracy: 'How exact is this time?',
    accuracyExact: 'Exact, to the minute',
    accuracyApproximate: 'Approximate',
    accuracyUnknown: 'I do not know the time',
    birthPlace: 'Place of birth',
    birthPlaceHint: 'Type the first letters of the town or city, then choose it from the list.',
    searching: 'Searching for places…',
    noPlaces: 'No place found. Try the nearest larger town.',
    searchFailed: 'The places could not be searched. Please try again.',
    placesFound: 'Places found: {{count}}. Use the up and down arrows, then Enter.',
    typeMore: 'Type at least two letters.',
    chosen: 'Chosen: {{name}}',
  },
};
