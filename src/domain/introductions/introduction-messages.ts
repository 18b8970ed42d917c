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
