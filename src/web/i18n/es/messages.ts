import type { CatalogShape } from '../catalog';
import type en from '../en/messages';

export default {
  back: 'Volver',
  unknownName: 'Miembro de Sanga',
  system: {
    introduced: 'Tú y {{name}} aceptaron la presentación. Ya pueden escribirse.',
    yourMatch: 'tu coincidencia',
  },
  deletedMember: 'Una persona que eliminó su cuenta',
  you: 'Tú',
  unread: '{{count}} sin leer',
  signedOut: {
    title: 'Inicia sesión para ver tus mensajes',
    body: 'Crea un perfil o inicia sesión para escribir a tus coincidencias y a nuestros voluntarios.',
    getStarted: 'Comenzar',
  },
  list: {
    title: 'Mensajes',
    intro: 'Tus conversaciones con coincidencias y voluntarios.',
    loading: 'Cargando conversaciones...',
    loadFailed: 'No pudimos cargar tus conversaciones. Inténtalo de nuevo.',
    empty: 'Aún no tienes conversaciones',
    emptyBody: 'Cuando escribas a una coincidencia o a un voluntario, la conversación aparecerá aquí.',
    browse: 'Ver coincidencias',
    youPrefix: 'Tú: {{text}}',
  },
  thread: {
    title: 'Conversación',
    photoAlt: 'Foto de {{name}}',
    volunteer: 'Persona voluntaria',
    logLabel: 'Mensajes con {{name}}',
    loading: 'Cargando mensajes...',
    loadFailed: 'No pudimos cargar los mensajes. Inténtalo de nuevo.',
    empty: 'Aún no hay mensajes. ¡Comienza la conversación!',
    said: '{{name}} dijo:',
    youSaid: 'Tú dijiste:',
    departed: 'Esta persona eliminó su cuenta. Tu conversación se queda aquí para que la leas.',
    mayNotWrite: 'No puedes escribir a esta persona. Puedes escribir a tus coincidencias, a los voluntarios y a quienes te escribieron.',
    mayNotWriteIntroductionClosed: 'Tu presentación con {{name}} terminó o fue rechazada, así que ya ninguno de los dos puede escribirle al otro. Sus mensajes se quedan aquí. Todavía puedes escribir a tu coordinador y pedirle a un coordinador otra presentación.',
    mayNotWriteIntroductionClosedOnMatch: 'Tu presentación con {{name}} terminó o fue rechazada, así que ya ninguno de los dos puede escribirle al otro. Sus mensajes anteriores siguen en Mensajes. Todavía puedes escribir a tu coordinador y pedirle a un coordinador otra presentación.',
    mayNotWriteIntroductionsOnly: 'En esta comunidad las personas se conocen a través del equipo de coordinación. Para conocer a esta persona, pide desde su perfil que el equipo los presente.',
    composer: {
      label: 'Tu mensaje',
      placeholder: 'Escribe un mensaje...',
      hint: 'Pulsa Intro para enviar y Mayús+Intro para una nueva línea.',
      send: 'Enviar',
      counter: '{{length}} de {{max}} caracteres',
      tooLong: 'Este mensaje supera en {{over}} caracteres el límite de {{max}}. Acórtalo para enviarlo.',
    },
    sendFailed: {
      title: 'Error',
      body: 'No se pudo enviar el mensaje',
    },
  },
} satisfies CatalogShape<typeof en>;
