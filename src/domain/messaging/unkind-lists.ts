/**
 * The words and phrases behind "Are you sure?" (unkind-words.ts) that the obscenity package does not hold: Spanish
 * insults and slurs, and phrases of contempt in both languages. Each is matched as whole words on the text lower-cased
 * and without accents (ñ kept: "año" is not "ano"), so "ESTÚPIDA" and "estupida" read alike.
 *
 * Kept short on purpose. The prompt only asks, and a member may send anyway, but a prompt on an ordinary word teaches
 * people to click past it: a word that is ordinary in some country ("perra" for a dog, "pinche" a kitchen hand in Spain,
 * "negro" the colour, "retrasado" a late flight, "polla" a lottery in Chile) is left out, and so is a mild word people turn on
 * themselves ("qué idiota soy"): contempt is caught by the phrase instead ("eres una basura", "eres idiota"). unkind-words.test.ts holds the hits and the non-hits.
 */

/** Spanish insults and slurs, each a regular expression over one normalized word or a short fixed phrase. */
export const SPANISH_INSULTS: readonly string[] = [
  'put[ao]s?',
  'hij[oa]s? de (?:la gran )?puta',
  'hdp',
  'pendej[oa]s?',
  'cabron(?:a|es|as)?',
  'gilipollas',
  'imbeciles?',
  'tarad[oa]s?',
  'subnormal(?:es)?',
  'mongolic[oa]s?',
  'maricon(?:es)?',
  'maricas?',
  'zorras?',
  'malparid[oa]s?',
  'malnacid[oa]s?',
  'mierdas?',
  'jodete',
  'jodanse',
  'chinga(?: a)? tu madre',
  'chingad[oa]s?',
  'culer[oa]s?',
  'negratas?',
  'sudacas?',
  'bolleras?',
  'travelos?',
  'cornud[oa]s?',
  'furcias?',
  'rameras?',
];

/** What may stand between "you are" / "eres" and the word of contempt: "so", "such a", "una verdadera", … */
const EN_FILLER = String.raw`(?:(?:so|such|a|an|really|just|truly|completely|totally|utterly|nothing but|the most)\s+)*`;
const ES_FILLER = String.raw`(?:(?:tan|muy|un|una|realmente|verdaderamente|completamente|totalmente|la mas|el mas|lo mas|un verdadero|una verdadera)\s+)*`;

/** Phrases of contempt, English and Spanish: regular expressions over the normalized text, matched as whole words. */
export const CONTEMPT_PHRASES: readonly string[] = [
  // English
  String.raw`(?:you(?:'re| are| r|re)|ur)\s+${EN_FILLER}(?:pathetic|worthless|disgusting|stupid|ugly|idiot|moron|loser|useless|trash|garbage|dumb|hideous|repulsive|a joke|a waste of space)`,
  String.raw`(?:nobody|no one|no-one)\s+(?:would|will|could|is going to|is gonna|wants to)\s+(?:ever\s+)?(?:want|love|marry|date)\s+(?:you|u)`,
  String.raw`you (?:disgust me|make me sick)`,
  String.raw`kill yourself|kys`,
  String.raw`go to hell`,
  // Spanish
  String.raw`(?:eres|sos|estas)\s+${ES_FILLER}(?:patetic[oa]|inutil|idiota|imbecil|asqueros[oa]|fe[oa]|estupid[oa]|basura|un asco|despreciable|repugnante|ridicul[oa]|una verguenza|una mierda|un fracasad[oa]|una fracasada|fracasad[oa])`,
  String.raw`nadie\s+(?:te\s+)?(?:va|van)\s+a\s+(?:querer|amar)(?:te)?`,
  String.raw`nadie te (?:querra|quiere|amara|ama)`,
  String.raw`nadie (?:querria|querra|quiere|va a querer) (?:estar|casarse) contigo`,
  String.raw`(?:me )?das asco`,
  String.raw`vete al infierno|vete a la mierda|muerete|matate`,
];
