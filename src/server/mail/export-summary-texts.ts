import type { FollowUpOutcome, IntroductionStatus } from '#domain/introductions/introductions';
import type { Language } from '#domain/language/language';
import type { BirthTimeAccuracy } from '#domain/profile/vedic';
import type { selfieStatuses } from '#domain/verification/selfie';

type SelfieStatus = (typeof selfieStatuses)[number];

/**
 * The words of the export's summary.txt, in English and Spanish. Only the web and the mail templates
 * write words a member reads; the summary is a letter to the member like a mail, so its words live here beside
 * templates.ts, and features/accounts/export-summary.ts only fills them in. The status and outcome labels are the
 * web's (web/i18n/{en,es}/introductions.ts), repeated so the server does not load the web's catalogs.
 */
export interface SummaryTexts {
  title: string;
  intro: string;
  exportedAt: (when: string) => string;
  account: string;
  name: string;
  email: string;
  memberSince: string;
  language: string;
  languageName: string;
  introductions: string;
  noIntroductions: string;
  introduction: (p: { date: string; name: string; status: string }) => string;
  checkIn: (p: { date: string; outcome: string; note: string | null }) => string;
  conversations: string;
  noConversations: string;
  conversation: (p: { name: string; sent: number; received: number; last: string }) => string;
  blocked: string;
  requests: string;
  request: (p: { name: string; date: string }) => string;
  guardians: string;
  references: string;
  /** Her birth details for Vedic compatibility (issue 52), when she opted in. */
  vedic: string;
  vedicNone: string;
  birthDetails: (p: { time: string; accuracy: string; place: string }) => string;
  accuracies: Record<BirthTimeAccuracy, string>;
  /** Her answers to "Would you share your story?" (issue 51). */
  stories: string;
  storyShared: (p: { date: string; names: string; text: string }) => string;
  storyDeclined: (p: { date: string }) => string;
  /** Her selfie checks (issue 50): when, and what became of each; the photo itself is never kept past its decision. */
  selfies: string;
  selfie: (p: { date: string; status: string }) => string;
  selfieStatuses: Record<SelfieStatus, string>;
  none: string;
  /** How the summary names someone whose account is gone, and someone no longer shown to the member (a block, a suspension). */
  deletedMember: string;
  unavailable: string;
  statuses: Record<IntroductionStatus, string>;
  outcomes: Record<FollowUpOutcome, string>;
}

const en: SummaryTexts = {
  title: 'Your Sanga data',
  intro: 'This is a summary to read. account.json holds all of your data for programs, and the photos folder your photos. People are named as you saw them on Sanga.',
  exportedAt: (when) => `Exported on ${when}`,
  account: 'Your account',
  name: 'Name',
  email: 'Email',
  memberSince: 'Member since',
  language: 'Language',
  languageName: 'English',
  introductions: 'Your introductions and check-ins',
  noIntroductions: 'No introductions.',
  introduction: ({ date, name, status }) => `${date}: introduction with ${name} (${status})`,
  checkIn: ({ date, outcome, note }) => `  Your check-in of ${date}: ${outcome}${note ? ` — “${note}”` : ''}`,
  conversations: 'Your conversations',
  noConversations: 'No messages.',
  conversation: ({ name, sent, received, last }) => `${name}: ${sent} sent, ${received} received, the last on ${last}`,
  blocked: 'People you blocked',
  requests: 'Introductions you asked for',
  request: ({ name, date }) => `${date}: to ${name}`,
  guardians: 'Family members and mentors you invited',
  references: 'References you asked for',
  vedic: 'Vedic compatibility: your birth details',
  vedicNone: 'You have not given them.',
  birthDetails: ({ time, accuracy, place }) => `Born at ${time} (${accuracy}) in ${place}. Shown to nobody; only the results of a comparison are shown to a match who also opted in.`,
  accuracies: { exact: 'exact time', approximate: 'approximate time', unknown: 'time unknown' },
  stories: 'Stories you were asked to share',
  storyShared: ({ date, names, text }) => `${date}: you agreed to share it, as “${names}”${text ? `: “${text}”` : ''}`,
  storyDeclined: ({ date }) => `${date}: you said no, or withdrew it`,
  selfies: 'Your selfie checks',
  selfie: ({ date, status }) => `${date}: ${status}`,
  selfieStatuses: {
    drawn: 'a gesture drawn, no photo sent',
    pending: 'waiting for a coordinator',
    approved: 'approved',
    refused: 'not approved',
    expired: 'not decided in time, the photo deleted',
    revoked: 'to be done again',
  },
  none: 'None.',
  deletedMember: 'a deleted member',
  unavailable: 'someone no longer available to you',
  statuses: {
    'awaiting-elders': 'awaiting the elders',
    'awaiting-first': 'awaiting the first answer',
    'awaiting-second': 'awaiting the second answer',
    introduced: 'introduced',
    courting: 'courting',
    engaged: 'engaged',
    married: 'married',
    ended: 'ended',
    declined: 'declined',
    expired: 'expired',
    cancelled: 'cancelled',
    'declined-by-elders': 'declined by the elders',
  },
  outcomes: { continuing: 'we are continuing', ended: 'we have ended it', engaged: 'we are engaged', married: 'we are married' },
};

const es: SummaryTexts = {
  title: 'Tus datos de Sanga',
  intro: 'Este es un resumen para leer. account.json tiene todos tus datos para programas, y la carpeta photos tus fotos. Las personas aparecen con el nombre con que las viste en Sanga.',
  exportedAt: (when) => `Exportado el ${when}`,
  account: 'Tu cuenta',
  name: 'Nombre',
  email: 'Correo',
  memberSince: 'Miembro desde',
  language: 'Idioma',
  languageName: 'Español',
  introductions: 'Tus presentaciones y seguimientos',
  noIntroductions: 'Ninguna presentación.',
  introduction: ({ date, name, status }) => `${date}: presentación con ${name} (${status})`,
  checkIn: ({ date, outcome, note }) => `  Tu seguimiento del ${date}: ${outcome}${note ? ` — “${note}”` : ''}`,
  conversations: 'Tus conversaciones',
  noConversations: 'Ningún mensaje.',
  conversation: ({ name, sent, received, last }) => `${name}: ${sent} enviados, ${received} recibidos, el último el ${last}`,
  blocked: 'Personas que bloqueaste',
  requests: 'Presentaciones que pediste',
  request: ({ name, date }) => `${date}: con ${name}`,
  guardians: 'Familiares y mentores que invitaste',
  references: 'Referencias que pediste',
  vedic: 'Compatibilidad védica: tus datos de nacimiento',
  vedicNone: 'No los has dado.',
  birthDetails: ({ time, accuracy, place }) => `Naciste a las ${time} (${accuracy}) en ${place}. No se muestran a nadie; solo los resultados de una comparación se muestran a una coincidencia que también lo aceptó.`,
  accuracies: { exact: 'hora exacta', approximate: 'hora aproximada', unknown: 'hora desconocida' },
  stories: 'Historias que se te pidió compartir',
  storyShared: ({ date, names, text }) => `${date}: aceptaste compartirla, como «${names}»${text ? `: «${text}»` : ''}`,
  storyDeclined: ({ date }) => `${date}: dijiste que no, o la retiraste`,
  selfies: 'Tus verificaciones con selfi',
  selfie: ({ date, status }) => `${date}: ${status}`,
  selfieStatuses: {
    drawn: 'se eligió un gesto, no se envió foto',
    pending: 'esperando a la coordinación',
    approved: 'aprobada',
    refused: 'no aprobada',
    expired: 'no se decidió a tiempo, la foto se borró',
    revoked: 'hay que hacerla de nuevo',
  },
  none: 'Ninguna.',
  deletedMember: 'una persona que eliminó su cuenta',
  unavailable: 'alguien que ya no está disponible para ti',
  statuses: {
    'awaiting-elders': 'pendiente del consejo de mayores',
    'awaiting-first': 'pendiente de la primera respuesta',
    'awaiting-second': 'pendiente de la segunda respuesta',
    introduced: 'presentados',
    courting: 'en noviazgo',
    engaged: 'comprometidos',
    married: 'casados',
    ended: 'terminada',
    declined: 'rechazada',
    expired: 'vencida',
    cancelled: 'cancelada',
    'declined-by-elders': 'rechazada por el consejo de mayores',
  },
  outcomes: { continuing: 'seguimos conociéndonos', ended: 'lo hemos terminado', engaged: 'nos hemos comprometido', married: 'nos hemos casado' },
};

export const summaryTexts: Record<Language, SummaryTexts> = { en, es };
