import { withLanguageParam, type Language } from '#domain/language/language';
import type { GuardianRelation } from '#domain/introductions/guardians';
import type { StaffMailKind } from '#domain/staff/staff-notifications';
import type { ReferenceRelationship } from '#domain/references/references';
import { nameLooksLikeLink } from '#domain/profile/profile';
import type { MailMessage } from './mailer';

/**
 * Every mail Sanga sends, in English and Spanish; the recipient's language comes from their preferences.
 * Notifications name who wrote and link to the app, never what was written: a mailbox is read on shared
 * devices and kept by providers. A test renders every template in both languages (templates.test.ts).
 */

type Text = { subject: string; lines: string[] };

/** A member's own text in a mail: in quotation marks, on one line, its own quotation marks dropped. */
const quoted = (name: string) => `“${name.replace(/[\r\n“”"]+/g, ' ').trim()}”`;
/** A moment as mails state it: the same for every reader, in UTC ("2026-11-26 03:40 UTC"). */
const utcTime = (when: Date) => `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const relationshipEn: Record<ReferenceRelationship, string> = {
  'spiritual-teacher': 'a spiritual teacher',
  'temple-leader': 'a temple leader',
  mentor: 'a mentor',
  'family-friend': 'a family friend',
  other: 'someone who knows them',
};
const relationshipEs: Record<ReferenceRelationship, string> = {
  'spiritual-teacher': 'maestro o maestra espiritual',
  'temple-leader': 'líder del templo',
  mentor: 'mentor o mentora',
  'family-friend': 'amistad de la familia',
  other: 'alguien de su confianza',
};

type Templates = {
  verifyEmail: (p: { link: string }) => Text;
  passwordReset: (p: { link: string }) => Text;
  confirmEmailChange: (p: { link: string }) => Text;
  emailChanged: (p: { when: Date }) => Text;
  emailChangeRequested: (p: { cancelLink: string | null }) => Text;
  emailTakenAttempt: (p: Record<string, never>) => Text;
  passwordChanged: (p: Record<string, never>) => Text;
  newMessage: (p: { firstName: string | null; link: string }) => Text;
  volunteerApproved: (p: { link: string }) => Text;
  introductionProposed: (p: { link: string }) => Text;
  introductionMade: (p: { link: string }) => Text;
  /** An introduction the member was part of has ended (neutral: not who, not why). */
  introductionEnded: (p: { link: string }) => Text;
  /** An introduction the coordinator proposed has ended. */
  introductionEndedCoordinator: (p: { link: string }) => Text;
  /** An account unused for three years, deleted on `deleteOn` (YYYY-MM-DD) unless they sign in. */
  inactiveAccount: (p: { link: string; deleteOn: string }) => Text;
  accountSuspended: (p: { contactEmail: string }) => Text;
  /** The admin lifted a suspension: the member may sign in again, and their profile shows as before. */
  accountUnsuspended: (p: { link: string }) => Text;
  /** The account is gone (`why`: the member asked, or unused for three years); what went, what stays. */
  accountDeleted: (p: { why: 'request' | 'inactive' }) => Text;
  /** `eldersReview`: ELDER_APPROVALS > 0; without it an elder is told introductions reach members unreviewed. */
  teamInvitation: (p: { role: 'coordinator' | 'elder'; link: string; eldersReview: boolean }) => Text;
  /** The admin granted a staff role from the dashboard: what it lets them read and do, and where to start. */
  staffRoleGranted: (p: { role: 'coordinator' | 'elder'; link: string; contactEmail: string; eldersReview: boolean }) => Text;
  /** A member invites a family member or mentor to read along (in the member's language). */
  guardianInvitation: (p: { memberFirstName: string | null; relation: GuardianRelation; seesMessages: boolean; link: string }) => Text;
  /** The member a guardian reads along with has an introduction that moved. */
  guardianIntroductionMoved: (p: { memberFirstName: string | null; link: string }) => Text;
  /** One staff event, at once; names nobody (who and what is seen after signing in). */
  staffMail: (p: { kind: StaffMailKind; link: string }) => Text;
  /** The daily digest of what waits for a staff member, one line and link a kind. */
  staffDigest: (p: { items: { kind: StaffMailKind; count: number; link: string }[] }) => Text;
  /** To a referee (no account), in the language the member chose; `expiresOn` is YYYY-MM-DD. */
  /** `memberName` is "Priya S." (first name, last initial) and `memberCity` where they live, so the referee knows whom they vouch for. */
  referenceRequest: (p: { memberName: string; memberCity: string | null; /** Greeted by composeMail's `greet`; kept so the caller states it. */ refereeName: string; relationship: ReferenceRelationship; link: string; expiresOn: string }) => Text;
};

const staffMailEn: Record<StaffMailKind, { subject: string; line: string; digest: string }> = {
  'introduction-requested': {
    subject: 'Sanga: a member asks for an introduction',
    line: 'A member asked a coordinator for an introduction. See the open requests here:',
    digest: 'Open introduction requests',
  },
  'introduction-ended': {
    subject: 'Sanga: an introduction has ended',
    line: 'An introduction you coordinate has ended. See how it went here:',
    digest: 'Introductions ended in the last day',
  },
  'follow-up-due': {
    subject: 'Sanga: a follow-up is due',
    line: 'A follow-up is due on an introduction you coordinate. See the follow-ups due here:',
    digest: 'Follow-ups due',
  },
  'review-awaiting': {
    subject: 'Sanga: an introduction awaits your review',
    line: 'A coordinator proposed an introduction that awaits the elders’ review. Review it here:',
    digest: 'Introductions awaiting your review',
  },
};

const staffMailEs: Record<StaffMailKind, { subject: string; line: string; digest: string }> = {
  'introduction-requested': {
    subject: 'Sanga: un miembro pide una presentación',
    line: 'Un miembro pidió a la coordinación una presentación. Mira las solicitudes abiertas aquí:',
    digest: 'Solicitudes de presentación abiertas',
  },
  'introduction-ended': {
    subject: 'Sanga: terminó una presentación',
    line: 'Terminó una presentación que coordinas. Mira cómo fue aquí:',
    digest: 'Presentaciones terminadas en el último día',
  },
  'follow-up-due': {
    subject: 'Sanga: hay un seguimiento pendiente',
    line: 'Hay un seguimiento pendiente en una presentación que coordinas. Mira los seguimientos pendientes aquí:',
    digest: 'Seguimientos pendientes',
  },
  'review-awaiting': {
    subject: 'Sanga: una presentación espera tu revisión',
    line: 'Alguien de la coordinación propuso una presentación que espera la revisión del consejo de mayores. Revísala aquí:',
    digest: 'Presentaciones que esperan tu revisión',
  },
};

const en: Templates = {
  verifyEmail: ({ link }) => ({
    subject: 'Confirm your email for Sanga',
    lines: ['Please confirm that this is your email address by opening this link within 48 hours:', link, 'If you did not sign up for Sanga, ignore this message.'],
  }),
  passwordReset: ({ link }) => ({
    subject: 'Reset your Sanga password',
    lines: ['Someone asked to reset the password of your Sanga account. If it was you, open this link within one hour:', link, 'If it was not you, ignore this message: your password stays as it is.'],
  }),
  confirmEmailChange: ({ link }) => ({
    subject: 'Confirm your new email for Sanga',
    lines: ['You asked to use this address for your Sanga account. Open this link within 48 hours to confirm:', link, 'If you did not ask for this, ignore this message: nothing changes.'],
  }),
  // Says that and when, never where to: this mailbox may no longer be the owner's.
  emailChanged: ({ when }) => ({
    subject: 'Your Sanga email was changed',
    lines: [
      `The email address of your Sanga account was changed on ${utcTime(when)}. Mail will no longer come to this address.`,
      'If you did not do this, reset your password from the sign-in page with this address at once, and write to the contact address on the site.',
    ],
  }),
  emailChangeRequested: ({ cancelLink }) => ({
    subject: 'Someone asked to move your Sanga account to another address',
    lines: [
      'Someone signed in to your Sanga account asked to move it to another email address. Nothing changes unless the link sent to that address is opened.',
      ...(cancelLink ? ['If this was not you, cancel the change with this link, then change your password:', cancelLink] : ['If this was not you, change your password at once.']),
    ],
  }),
  emailTakenAttempt: () => ({
    subject: 'Someone tried to use this email on Sanga',
    lines: ['Someone signed in to Sanga asked to move their account to this address, which already belongs to an account. Nothing was changed.', 'If it was you, sign in with this address instead. If not, you need not do anything.'],
  }),
  passwordChanged: () => ({
    subject: 'Your Sanga password was changed',
    lines: ['The password of your Sanga account was just changed, and every other device was signed out.', 'If you did not do this, reset your password from the sign-in page at once.'],
  }),
  // A member's name is their own text: it never leads the subject (a name like a link would read as ours),
  // and the body quotes it.
  newMessage: ({ firstName, link }) => ({
    subject: 'Sanga: a new message',
    lines: [firstName ? `A member who signs as ${quoted(firstName)} wrote to you on Sanga. Read and answer here:` : 'A Sanga member wrote to you. Read and answer here:', link],
  }),
  volunteerApproved: ({ link }) => ({
    subject: 'Your Sanga volunteer application was approved',
    lines: ['Your volunteer application was approved: you now appear on the Guidance page.', link],
  }),
  // Introductions name nobody: who was proposed is seen only on the site, after signing in.
  introductionProposed: ({ link }) => ({
    subject: 'A coordinator proposes an introduction',
    lines: ['A Sanga coordinator has proposed an introduction for you. See who it is, with the coordinator’s note, and answer here:', link],
  }),
  introductionMade: ({ link }) => ({
    subject: 'Your introduction is confirmed',
    lines: ['You both accepted the introduction: you can now write to each other on Sanga. Your coordinator’s note is waiting in your messages.', link],
  }),
  introductionEnded: ({ link }) => ({
    subject: 'An introduction has ended',
    lines: ['An introduction you were part of on Sanga has ended. Your coordinator has been told and can suggest someone new. See your introductions here:', link],
  }),
  introductionEndedCoordinator: ({ link }) => ({
    subject: 'An introduction you proposed has ended',
    lines: ['An introduction you proposed on Sanga has ended. See it on your coordinator page:', link],
  }),
  inactiveAccount: ({ link, deleteOn }) => ({
    subject: 'Your Sanga account will be deleted',
    lines: [
      `Nobody has signed in to your Sanga account for three years. So that we do not keep your details longer than needed, the account, your profile, photos and messages will be deleted on ${deleteOn}.`,
      'To keep it, just sign in before then:',
      link,
      'If you no longer need it, do nothing.',
    ],
  }),
  // Why in general terms only (never who reported), and how to appeal.
  accountSuspended: ({ contactEmail }) => ({
    subject: 'Your Sanga account is suspended',
    lines: [
      'Your Sanga account has been suspended by our team after a review of how it was used, for example after reports from other members or a breach of the community guidelines. While it is suspended you cannot sign in, and nobody sees your profile.',
      `If you think this is a mistake, or want to appeal, write to ${contactEmail} from this address. A person will read your message and answer.`,
    ],
  }),
  accountUnsuspended: ({ link }) => ({
    subject: 'Your Sanga account is active again',
    lines: [
      'Our team has lifted the suspension of your Sanga account. You can sign in again, and your profile shows to others as it did before.',
      link,
    ],
  }),
  accountDeleted: ({ why }) => ({
    subject: 'Your Sanga account has been deleted',
    lines: [
      why === 'request' ? 'Your Sanga account has been deleted, as you asked.' : 'Your Sanga account has been deleted: nobody had signed in to it for three years, and it was not kept after our notice.',
      'Deleted: your account and sign-in, your profile and photos, your introductions and check-ins, your settings and the guardians and references you had. The people you wrote to keep their side of the conversation, from “a deleted member”.',
      'Kept: reports other members made about the account, with the messages they concern, and our team’s record of its actions; in both, your name and address are replaced by a code that no longer names you.',
      'This is the last mail you get from Sanga about this account.',
    ],
  }),
  teamInvitation: ({ role, link, eldersReview }) => ({
    subject: role === 'coordinator' ? 'You are invited to be a Sanga coordinator' : 'You are invited to be a Sanga elder',
    lines: [
      role === 'coordinator'
        ? 'The Sanga admin invites you to join the team as a coordinator: you would propose introductions between members.'
        : eldersReview
          ? 'The Sanga admin invites you to join the team as an elder: you would review the introductions coordinators propose, before the members see them.'
          : 'The Sanga admin invites you to join the team as an elder. In this community, introductions currently reach members without an elder’s review, so for now there would be nothing for you to review; your elders page would say when that changes.',
      'Open this link within 7 days, and sign in or create an account (no marriage profile is needed):',
      link,
      'If you did not expect this, ignore this message: nothing changes.',
    ],
  }),
  staffRoleGranted: ({ role, link, contactEmail, eldersReview }) => ({
    subject: role === 'coordinator' ? 'You are now a Sanga coordinator' : 'You are now a Sanga elder',
    lines: [
      role === 'coordinator'
        ? 'The Sanga admin has made you a coordinator. A coordinator reads the biodata of every member (their profile, photos and what they look for), proposes introductions between members, and follows them up.'
        : eldersReview
          ? 'The Sanga admin has made you an elder. An elder reads the biodata of the members in the introductions coordinators propose, and approves or declines each introduction before the members see it.'
          : 'The Sanga admin has made you an elder. In this community, introductions currently reach members without an elder’s review, so for now there is nothing for you to review; your elders page says when that changes.',
      'Members trust you with what they shared: read only what your work needs, and keep it to yourself. Everything you open is recorded.',
      'Start here:',
      link,
      `If you did not expect this or do not want the role, write to ${contactEmail}.`,
    ],
  }),
  guardianInvitation: ({ memberFirstName, relation, seesMessages, link }) => ({
    subject: 'You are invited to take part in a Sanga member’s search for a spouse',
    lines: [
      `${memberFirstName ? `The Sanga member ${quoted(memberFirstName)}` : 'A Sanga member'} invites you, as their ${{ parent: 'parent', sibling: 'sibling', relative: 'relative', mentor: 'mentor' }[relation]}, to follow the introductions our coordinators propose to them.`,
      seesMessages
        ? 'You would also read their conversations with the people they are introduced to; those people are told that a family member can read them. You never write or answer for them.'
        : 'You would read their introductions, not their messages, and you never answer for them.',
      'Open this link within 14 days, and sign in or create an account:',
      link,
      'If you did not expect this, ignore this message: nothing changes.',
    ],
  }),
  guardianIntroductionMoved: ({ memberFirstName, link }) => ({
    subject: 'Sanga: news about an introduction you follow',
    lines: [`An introduction of ${memberFirstName ? quoted(memberFirstName) : 'the member you follow'} has moved on Sanga. See it here:`, link],
  }),
  staffMail: ({ kind, link }) => ({ subject: staffMailEn[kind].subject, lines: [staffMailEn[kind].line, link] }),
  staffDigest: ({ items }) => ({
    subject: 'Sanga: your daily summary',
    lines: ['Here is what waits for you on Sanga today:', ...items.flatMap((item) => ['', `${staffMailEn[item.kind].digest}: ${item.count}`, item.link])],
  }),
  // The member's name and city are their own text: quoted, never in the subject.
  // The greeting names the referee (composeMail's `greet`). A plain-text mail carries no photo: the page the link
  // opens shows the member's thumbnail.
  referenceRequest: ({ memberName, memberCity, relationship, link, expiresOn }) => ({
    subject: 'A Sanga member asks you for a reference',
    lines: [
      `${quoted(memberName)}${memberCity ? ` from ${quoted(memberCity)}` : ''}, a member of Sanga (a matchmaking service run by devotees for devotees), asks you for a reference as ${relationshipEn[relationship]}.`,
      'The page the link opens shows their photo, so you can be sure whom you vouch for.',
      'You are asked how long you have known them, whether they are in good standing in the community, whether you would recommend them for marriage, and a few words about their character. It takes about five minutes, and no account is needed.',
      'Who reads your answers: only the Sanga coordinators and elders who arrange introductions. The member does not read them; they only see whether you answered.',
      `Answer or decline with this link, valid until ${expiresOn} and usable once:`,
      link,
      'If you do not know this person or do not want to answer, you may decline with the same link or ignore this message.',
    ],
  }),
};

const es: Templates = {
  verifyEmail: ({ link }) => ({
    subject: 'Confirma tu correo para Sanga',
    lines: ['Confirma que esta es tu dirección de correo abriendo este enlace dentro de 48 horas:', link, 'Si no te registraste en Sanga, ignora este mensaje.'],
  }),
  passwordReset: ({ link }) => ({
    subject: 'Restablece tu contraseña de Sanga',
    lines: ['Alguien pidió restablecer la contraseña de tu cuenta de Sanga. Si fuiste tú, abre este enlace dentro de una hora:', link, 'Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.'],
  }),
  confirmEmailChange: ({ link }) => ({
    subject: 'Confirma tu nuevo correo para Sanga',
    lines: ['Pediste usar esta dirección para tu cuenta de Sanga. Abre este enlace dentro de 48 horas para confirmarlo:', link, 'Si no lo pediste, ignora este mensaje: nada cambia.'],
  }),
  emailChanged: ({ when }) => ({
    subject: 'Se cambió tu correo de Sanga',
    lines: [
      `La dirección de correo de tu cuenta de Sanga se cambió el ${utcTime(when)}. Ya no llegarán mensajes a esta dirección.`,
      'Si no fuiste tú, restablece de inmediato tu contraseña desde la página de inicio de sesión con esta dirección, y escribe a la dirección de contacto del sitio.',
    ],
  }),
  emailChangeRequested: ({ cancelLink }) => ({
    subject: 'Alguien pidió mover tu cuenta de Sanga a otra dirección',
    lines: [
      'Alguien con sesión en tu cuenta de Sanga pidió moverla a otra dirección de correo. Nada cambia a menos que se abra el enlace enviado a esa dirección.',
      ...(cancelLink ? ['Si no fuiste tú, cancela el cambio con este enlace y luego cambia tu contraseña:', cancelLink] : ['Si no fuiste tú, cambia tu contraseña de inmediato.']),
    ],
  }),
  emailTakenAttempt: () => ({
    subject: 'Alguien intentó usar este correo en Sanga',
    lines: ['Alguien con sesión en Sanga pidió mover su cuenta a esta dirección, que ya pertenece a una cuenta. No se cambió nada.', 'Si fuiste tú, inicia sesión con esta dirección. Si no, no tienes que hacer nada.'],
  }),
  passwordChanged: () => ({
    subject: 'Se cambió tu contraseña de Sanga',
    lines: ['Se acaba de cambiar la contraseña de tu cuenta de Sanga y se cerró la sesión en los demás dispositivos.', 'Si no fuiste tú, restablece tu contraseña de inmediato desde la página de inicio de sesión.'],
  }),
  newMessage: ({ firstName, link }) => ({
    subject: 'Sanga: un mensaje nuevo',
    lines: [firstName ? `Un miembro que firma como ${quoted(firstName)} te escribió en Sanga. Lee y responde aquí:` : 'Un miembro de Sanga te escribió. Lee y responde aquí:', link],
  }),
  volunteerApproved: ({ link }) => ({
    subject: 'Se aprobó tu solicitud de voluntariado en Sanga',
    lines: ['Se aprobó tu solicitud de voluntariado: ya apareces en la página de Orientación.', link],
  }),
  introductionProposed: ({ link }) => ({
    subject: 'La coordinación te propone una presentación',
    lines: ['La coordinación de Sanga te propone una presentación. Mira de quién se trata, con su nota, y responde aquí:', link],
  }),
  introductionMade: ({ link }) => ({
    subject: 'Tu presentación está confirmada',
    lines: ['Ambas personas aceptaron la presentación: ya pueden escribirse en Sanga. La nota de la coordinación te espera en tus mensajes.', link],
  }),
  introductionEnded: ({ link }) => ({
    subject: 'Una presentación terminó',
    lines: ['Una presentación en la que participabas en Sanga terminó. El equipo de coordinación ya lo sabe y puede proponerte a alguien más. Mira tus presentaciones aquí:', link],
  }),
  introductionEndedCoordinator: ({ link }) => ({
    subject: 'Terminó una presentación que propusiste',
    lines: ['Terminó una presentación que propusiste en Sanga. Mírala en tu página de coordinación:', link],
  }),
  inactiveAccount: ({ link, deleteOn }) => ({
    subject: 'Tu cuenta de Sanga será eliminada',
    lines: [
      `Nadie ha iniciado sesión en tu cuenta de Sanga en tres años. Para no guardar tus datos más de lo necesario, la cuenta, tu perfil, tus fotos y tus mensajes se eliminarán el ${deleteOn}.`,
      'Para conservarla, solo inicia sesión antes de esa fecha:',
      link,
      'Si ya no la necesitas, no hagas nada.',
    ],
  }),
  accountSuspended: ({ contactEmail }) => ({
    subject: 'Tu cuenta de Sanga está suspendida',
    lines: [
      'Nuestro equipo suspendió tu cuenta de Sanga tras revisar cómo se usaba, por ejemplo después de denuncias de otros miembros o de una falta a las normas de la comunidad. Mientras esté suspendida no puedes iniciar sesión y nadie ve tu perfil.',
      `Si crees que es un error, o quieres apelar, escribe a ${contactEmail} desde esta dirección. Una persona leerá tu mensaje y te responderá.`,
    ],
  }),
  accountUnsuspended: ({ link }) => ({
    subject: 'Tu cuenta de Sanga está activa de nuevo',
    lines: [
      'Nuestro equipo levantó la suspensión de tu cuenta de Sanga. Ya puedes iniciar sesión, y los demás ven tu perfil como antes.',
      link,
    ],
  }),
  accountDeleted: ({ why }) => ({
    subject: 'Se eliminó tu cuenta de Sanga',
    lines: [
      why === 'request' ? 'Se eliminó tu cuenta de Sanga, como lo pediste.' : 'Se eliminó tu cuenta de Sanga: nadie había iniciado sesión en ella en tres años y no se conservó tras nuestro aviso.',
      'Se eliminó: tu cuenta y tu acceso, tu perfil y tus fotos, tus presentaciones y seguimientos, tu configuración y los familiares y referencias que tenías. Las personas a las que escribiste conservan su parte de la conversación, de “una persona que eliminó su cuenta”.',
      'Se conserva: las denuncias que otros miembros hicieron sobre la cuenta, con los mensajes a los que se refieren, y el registro de acciones de nuestro equipo; en ambos, tu nombre y tu dirección se reemplazan por un código que ya no te nombra.',
      'Este es el último correo que recibes de Sanga sobre esta cuenta.',
    ],
  }),
  teamInvitation: ({ role, link, eldersReview }) => ({
    subject: role === 'coordinator' ? 'Te invitan a coordinar en Sanga' : 'Te invitan al consejo de mayores de Sanga',
    lines: [
      role === 'coordinator'
        ? 'La administración de Sanga te invita a unirte al equipo de coordinación: propondrías presentaciones entre miembros.'
        : eldersReview
          ? 'La administración de Sanga te invita a unirte al consejo de mayores: revisarías las presentaciones que propone la coordinación, antes de que los miembros las vean.'
          : 'La administración de Sanga te invita a unirte al consejo de mayores. En esta comunidad, por ahora las presentaciones llegan a los miembros sin la revisión de los mayores, así que por el momento no tendrías nada que revisar; tu página del consejo te avisará si eso cambia.',
      'Abre este enlace dentro de 7 días e inicia sesión o crea una cuenta (no necesitas un perfil matrimonial):',
      link,
      'Si no lo esperabas, ignora este mensaje: nada cambia.',
    ],
  }),
  staffRoleGranted: ({ role, link, contactEmail, eldersReview }) => ({
    subject: role === 'coordinator' ? 'Ahora coordinas en Sanga' : 'Ahora eres parte del consejo de mayores de Sanga',
    lines: [
      role === 'coordinator'
        ? 'La administración de Sanga te nombró coordinador(a). Quien coordina lee los datos de todos los miembros (su perfil, sus fotos y lo que buscan), propone presentaciones entre miembros y les da seguimiento.'
        : eldersReview
          ? 'La administración de Sanga te nombró parte del consejo de mayores. El consejo lee los datos de los miembros de las presentaciones que propone la coordinación, y aprueba o rechaza cada una antes de que los miembros la vean.'
          : 'La administración de Sanga te nombró parte del consejo de mayores. En esta comunidad, por ahora las presentaciones llegan a los miembros sin la revisión de los mayores, así que por el momento no tienes nada que revisar; tu página del consejo te avisará si eso cambia.',
      'Los miembros te confían lo que compartieron: lee solo lo que tu labor necesita y guárdalo para ti. Todo lo que abres queda registrado.',
      'Empieza aquí:',
      link,
      `Si no lo esperabas o no quieres este rol, escribe a ${contactEmail}.`,
    ],
  }),
  guardianInvitation: ({ memberFirstName, relation, seesMessages, link }) => ({
    subject: 'Te invitan a acompañar la búsqueda de pareja de un miembro de Sanga',
    lines: [
      `${memberFirstName ? `El miembro de Sanga ${quoted(memberFirstName)}` : 'Un miembro de Sanga'} te invita, como ${{ parent: 'madre o padre', sibling: 'hermana o hermano', relative: 'familiar', mentor: 'mentor o mentora' }[relation]}, a seguir las presentaciones que le propone nuestra coordinación.`,
      seesMessages
        ? 'También leerías sus conversaciones con las personas que le presentan; a esas personas se les avisa que un familiar puede leerlas. Nunca escribes ni respondes por esa persona.'
        : 'Leerías sus presentaciones, no sus mensajes, y nunca respondes por esa persona.',
      'Abre este enlace dentro de 14 días e inicia sesión o crea una cuenta:',
      link,
      'Si no lo esperabas, ignora este mensaje: nada cambia.',
    ],
  }),
  guardianIntroductionMoved: ({ memberFirstName, link }) => ({
    subject: 'Sanga: novedades de una presentación que acompañas',
    lines: [`Una presentación de ${memberFirstName ? quoted(memberFirstName) : 'la persona que acompañas'} avanzó en Sanga. Mírala aquí:`, link],
  }),
  staffMail: ({ kind, link }) => ({ subject: staffMailEs[kind].subject, lines: [staffMailEs[kind].line, link] }),
  staffDigest: ({ items }) => ({
    subject: 'Sanga: tu resumen diario',
    lines: ['Esto es lo que te espera hoy en Sanga:', ...items.flatMap((item) => ['', `${staffMailEs[item.kind].digest}: ${item.count}`, item.link])],
  }),
  referenceRequest: ({ memberName, memberCity, relationship, link, expiresOn }) => ({
    subject: 'Un miembro de Sanga te pide una referencia',
    lines: [
      `${quoted(memberName)}${memberCity ? ` de ${quoted(memberCity)}` : ''}, miembro de Sanga (un servicio de encuentros matrimoniales hecho por devotos para devotos), te pide una referencia como ${relationshipEs[relationship]}.`,
      'La página que abre el enlace muestra su foto, para que sepas con certeza por quién respondes.',
      'Te preguntamos desde hace cuánto se conocen, si tiene buena reputación en la comunidad, si recomendarías a esta persona para el matrimonio y unas palabras sobre su carácter. Toma unos cinco minutos y no necesitas una cuenta.',
      'Quién lee tus respuestas: solo la coordinación y el consejo de mayores de Sanga, que organizan las presentaciones. El miembro no las lee; solo ve si respondiste.',
      `Responde o declina con este enlace, válido hasta el ${expiresOn} y de un solo uso:`,
      link,
      'Si no conoces a esta persona o no quieres responder, puedes declinar con el mismo enlace o ignorar este mensaje.',
    ],
  }),
};

export const mailTemplates: Record<Language, Templates> = { en, es };
export type TemplateName = keyof Templates;

const unsubscribeLine: Record<Language, string> = {
  en: 'You get this mail because of your notification settings. Stop these mails with one click:',
  es: 'Recibes este correo por tu configuración de notificaciones. Deja de recibirlos con un clic:',
};

/**
 * Every mail greets its reader, by name when we know it (the name as given: "Hi Bhakti Tirtha Das",
 * not "Hi Bhakti"), and none asks for a reply: the sender
 * is a no-reply address (MAIL_FROM), so the last line says where to write instead.
 */
const greeting: Record<Language, (name: string | null) => string> = {
  en: (name) => (name ? `Hi ${name},` : 'Hello,'),
  es: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
};
const noReplyLine: Record<Language, string> = {
  en: 'Nobody reads replies to this address. To write to us, sign in to Sanga and write from there, or use the contact address on the site.',
  es: 'Nadie lee las respuestas a esta dirección. Para escribirnos, inicia sesión en Sanga y escribe desde allí, o usa la dirección de contacto del sitio.',
};

/** A name fit for a greeting: one line, trimmed, at most 60 characters; nothing that reads like a link. */
function greetingName(name: string | null | undefined): string | null {
  const clean = (name ?? '').replace(/[\r\n“”"]+/g, ' ').trim().slice(0, 60);
  return clean && !nameLooksLikeLink(clean) ? clean : null;
}

/**
 * A mail ready for the outbox. A notification passes `unsubscribeUrl`: it gets the RFC 8058 headers (a mail
 * program's one-click button POSTs to it) and the same link in the text. `greet` is the reader's name as given,
 * never cut to its first word (the greeting is generic without one).
 */
export function composeMail<N extends TemplateName>(
  to: string,
  language: Language,
  name: N,
  params: Parameters<Templates[N]>[0],
  options: { unsubscribeUrl?: string; greet?: string | null } = {},
): MailMessage {
  const template = mailTemplates[language][name] as (p: typeof params) => Text;
  const { subject, lines } = template(params);
  const unsubscribeUrl = options.unsubscribeUrl === undefined ? undefined : withLanguageParam(options.unsubscribeUrl, language);
  const text = [
    greeting[language](greetingName(options.greet)),
    '',
    ...linksInLanguage(lines, language),
    '',
    noReplyLine[language],
    ...(unsubscribeUrl ? ['', unsubscribeLine[language], unsubscribeUrl] : []),
  ].join('\n');
  const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return { to, subject, text, ...(headers ? { headers } : {}) };
}

/** A line of a mail that is a link, alone on its line as every template writes them. */
const LINK_LINE = /^https?:\/\/\S+$/;

/**
 * The lines with every link naming the mail's language (`?lang=`, domain/language/language.ts): the page a link opens, and
 * the pages after it, are in the language the mail is in, whatever the browser chose before.
 */
function linksInLanguage(lines: string[], language: Language): string[] {
  return lines.map((line) => (LINK_LINE.test(line) ? withLanguageParam(line, language) : line));
}
