import type { FollowUpOutcome, IntroductionStatus } from '#domain/introductions/introductions';
import type { Language } from '#domain/language/language';

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
