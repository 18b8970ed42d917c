import { describe, expect, it } from 'vitest';
import { isUnkind } from './unkind-words';

describe('isUnkind: "Are you sure?" before hurtful words', () => {
  it.each([
    // English, from the obscenity dataset, with its transformers (leet, look-alikes, repeats) and letters spaced out.
    'fuck you',
    'Fuck off and leave me alone',
    'f u c k you',
    'F.U.C.K off',
    'you are a b1tch',
    'what an a55',
    'sh17 happens',
    'what a piece of shit',
    'fuuuuuck',
    'ʃ𝐟ʃὗƈｋ you',
    'you bastard',
    'stop acting like a retard',
    'you whore',
    // English contempt.
    "you're pathetic",
    'You’re so pathetic',
    'you are such a loser',
    'You are a waste of space',
    'nobody would want you',
    'No one will ever love you',
    'you disgust me',
    'just kys',
    'go to hell',
    // Spanish insults, accents and case as anyone types them.
    'eres una puta',
    'ERES UN PENDEJO',
    'hijo de puta',
    'Cabrón',
    'qué gilipollas',
    'maricón',
    'p u t a',
    'put4',
    'eres una zorra',
    // Spanish contempt.
    'eres patética',
    'Eres patético',
    'eres una inútil',
    'Eres idiota',
    'nadie te va a querer',
    'Nadie te va a querer así',
    'nadie te querrá nunca',
    'me das asco',
    'vete a la mierda',
    'sos un fracasado',
  ])('asks before %j', (text) => {
    expect(isUnkind(text)).toBe(true);
  });

  it.each([
    // Words that hold a bad word inside them, in either language.
    'I live in Scunthorpe',
    'La cocina de mi madre',
    'my assistant at the temple',
    'Está pendiente la boda',
    'I love cumin in my dal',
    'a cummerbund for the wedding',
    'Mañana es mi cumpleaños',
    'tengo que cumplir con mi familia',
    'un cúmulo de nubes',
    'El análisis salió bien',
    'Analizamos el problema juntos',
    'the cockpit of the plane',
    'Essex is lovely in spring',
    'my class assignment',
    'computadora, disputa, reputación',
    'shiitake mushrooms',
    'rapeseed oil',
    'tit for tat',
    'ni fu ni fa',
    'Las sillas del templo',
    'más suave, por favor',
    // Ordinary words the English list holds as bad, or that are Spanish words.
    'Tengo el pelo negro',
    'Me gusta el vestido negro',
    'I believe in no sex before marriage',
    'el año pasado',
    // A word turned on oneself, or a late flight: left to the phrases.
    'Qué idiota soy, olvidé la llave',
    'I was so stupid to forget',
    'El vuelo está retrasado',
    'Mi perra se llama Luna',
    // Kind words, and numbers.
    'Hare Krishna! How was the festival?',
    'You are so kind',
    'Eres muy amable',
    'Estás muy guapa',
    'nadie me quiere tanto como mi madre',
    'I was born in 1990 and chant 16 rounds',
    'tengo 34 años y 4 hermanos',
    // Numbers are not letters: a room, a time, a sequence number (obscenity alone read "455" and "n16" as words).
    'We are in room 455 of the hotel',
    'See you at 4:55 near gate 31',
    'crash r0 n16 from the test',
    'My flight is AA 5517',
    'I a m happy',
  ])('stays quiet on %j', (text) => {
    expect(isUnkind(text)).toBe(false);
  });
});
