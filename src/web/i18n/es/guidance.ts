import type { CatalogShape } from '../catalog';
import type en from '../en/guidance';

export default {
  title: 'Orientación y mentoría',
  intro:
    'Nuestros voluntarios y mentores te acompañan en cada paso del camino hacia el matrimonio: práctica espiritual, conversaciones en familia, noviazgo y preparación. La orientación viene de personas, nunca de un algoritmo.',
  donationIntro: 'El apoyo es siempre mediante donativos voluntarios.',
  donationLink: 'Leer la guía de donativos',
  tagline: 'Recorre este camino con personas que ya lo han recorrido.',
  listTitle: 'Conoce a nuestros voluntarios',
  loadFailed: 'No pudimos cargar los voluntarios. Inténtalo de nuevo.',
  empty: 'No hay voluntarios disponibles en este momento',
  card: {
    support: 'Cómo apoyar',
    minimumDonation: 'Mínimo sugerido: {{amount}}',
    supportFallback: 'El apoyo es mediante donativos voluntarios.',
    readMore: 'Leer más',
    readLess: 'Mostrar menos',
    sendMessage: 'Enviar mensaje',
    yourProfile: 'Tu perfil',
    noAccount: 'Aún no se puede escribir a esta persona voluntaria.',
    signUpPrompt: 'Crea un perfil para escribir a los voluntarios.',
    getStarted: 'Comenzar',
  },
  volunteer: {
    title: '¿Te gustaría ofrecer orientación?',
    body: 'Mentores, mayores y practicantes pueden postularse como voluntarios. La administración revisa cada solicitud.',
    action: 'Postularme al voluntariado',
    mineTitle: 'Eres parte del voluntariado de Sanga',
    mineBody: 'Tu perfil de voluntariado muestra tu solicitud, su revisión y tu foto.',
    mine: 'Mi perfil de voluntariado',
  },
} satisfies CatalogShape<typeof en>;
