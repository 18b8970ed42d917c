// Apart from introductions.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

export const introductionValidationMessages = {
  declineReasonInvalid: 'Choose reasons from the list',
  declineReasonRepeated: 'Each reason once',
  declineReasonsWithAccept: 'Reasons go with a decline only',
  declineOtherNeedsText: 'Say in a few words what the other reason is',
  metInvalid: 'Choose no, by video or in person',
  metAgainInvalid: 'Use true or false',
  metAgainWithNo: 'Only after meeting or speaking',
  monthInvalid: 'Give a month as YYYY-MM',
  monthRangeInvalid: 'The first month comes before the last',
} as const;

/**
 * The story's codes (issue 51 part 5), for the server's English answers only: the web's story form says its own
 * words (introductions-screens.ts, loaded with the screen), so these stay out of the first download.
 */
export const storyValidationMessages = {
  storyShareInvalid: 'Say yes or no',
  storyNamesRequired: 'Say the name you would like to be shown by',
  storyNamesTooLong: 'At most 60 characters',
  storyTextTooLong: 'At most 1000 characters',
  storyWordsWithNo: 'Names and words go with a yes only',
} as const;
