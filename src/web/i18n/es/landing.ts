import type { CatalogShape } from '../catalog';
import type en from '../en/landing';

export default {
  hero: {
    tagline: 'Encuentros para comunidades Bhakti, hindúes y de yoga',
    title: 'Encuentra a una pareja de vida que comparta tu camino',
    subtitle: 'Presentaciones respetuosas y guiadas por personas, para el matrimonio en toda Norteamérica.',
    ministry: 'Un servicio ministerial ofrecido por una organización religiosa.',
    ministryNamed: 'Un servicio ministerial ofrecido por {{name}}.',
    description:
      'Sanga reúne a personas sinceras que desean un matrimonio basado en la devoción, la práctica espiritual y los valores compartidos. Es gratuito, se sostiene solo con donativos voluntarios y en cada paso te acompañan personas reales a quienes les importas.',
    getStarted: 'Comenzar',
    goToProfile: 'Ir a mi perfil',
    learnMore: 'Cómo funciona',
  },
  whatThisIs: {
    title: 'Qué es Sanga',
    intro: 'Una alternativa serena a las aplicaciones de citas, inspirada en los valores de nuestras comunidades.',
    respectful: {
      title: 'Presentaciones respetuosas',
      body: 'Cada presentación la prepara con cuidado alguien del equipo de coordinación. Nunca se trata de deslizar perfiles de forma automática.',
    },
    donation: {
      title: 'Basado en donativos',
      body: 'No hay cuotas ni suscripciones. Sanga es gratuito y las contribuciones son únicamente donativos voluntarios.',
    },
    private: {
      title: 'Privado y personal',
      body: 'Tus datos personales solo se comparten con el equipo de coordinación y con tus posibles parejas. Nada se hace público.',
    },
    promisesTitle: 'Nuestro compromiso contigo',
    promises: {
      swipes: 'Las presentaciones nunca son deslizamientos automáticos.',
      privacy: 'Tus datos personales solo se comparten con el equipo de coordinación y con tus posibles parejas.',
      people: 'La orientación viene de personas, no de un algoritmo.',
    },
  },
  howItWorks: {
    title: 'Cómo funciona',
    intro: 'Cuatro pasos sencillos, a tu propio ritmo y con mucho cuidado.',
    stepLabel: 'Paso {{number}}',
    one: {
      title: 'Comparte tus datos personales y tus límites',
      body: 'Cuéntanos sobre ti, tu práctica y tus valores familiares, incluida la comunidad con la que te identificas. Comparte lo que buscas y lo que no es negociable para ti, para que respetemos tus límites desde el principio.',
    },
    two: {
      title: 'Define tus opciones entre comunidades',
      body: 'Elige qué tan abierto o abierta estás a posibilidades más allá de tu círculo cercano.',
      across: 'Disposición a conocer a alguien de otra comunidad',
      relocation: 'Posibilidad de mudarte dentro de Estados Unidos, Canadá o México',
      diet: 'Compatibilidad de alimentación, desde sáttvica estricta hasta abierta y en aprendizaje',
    },
    three: {
      title: 'Con apoyo de IA, guiado por personas',
      body: 'La tecnología ayuda a sugerir parejas compatibles, pero las decisiones las toman personas. El equipo de coordinación revisa cada sugerencia y un consejo de mayores toma las decisiones finales.',
      bodyWithoutElders: 'La tecnología ayuda a sugerir personas compatibles, pero las decisiones las toman personas: la coordinación revisa cada sugerencia antes de cualquier presentación.',
    },
    four: {
      title: 'Presentaciones personales',
      body: 'Cuando hay una coincidencia prometedora, te presentamos personalmente. Las presentaciones no son exclusivas, no se espera intimidad y el seguimiento es claro para que todos sepan en qué punto están.',
    },
  },
  courtship: {
    title: 'Dos formas de noviazgo',
    intro: 'Cada persona discierne a su manera. Elige el enfoque que sientas correcto y lo respetaremos.',
    oneToOne: {
      title: 'Enfoque uno a uno',
      body: 'Conoce a una sola persona a la vez y dale a cada presentación toda tu atención antes de seguir adelante.',
    },
    rotational: {
      title: 'Noviazgo rotativo',
      body: 'Conoce a varias personas al mismo tiempo, con respeto, apertura y honestidad por todas las partes, para discernir con una visión más amplia.',
    },
  },
  why: {
    title: 'Por qué es importante',
    p1: 'Para muchos de nosotros, el matrimonio no es solo una decisión personal. Es una alianza espiritual que sostiene nuestra práctica, a nuestras familias y a nuestras comunidades.',
    p2: 'Las aplicaciones de citas están hechas para deslizar sin fin y juzgar a la ligera. Casi nunca entienden la devoción, los compromisos de alimentación ni el valor de la bendición de la familia y la comunidad.',
    p3: 'Sanga recupera el cuidado de una casamentera de confianza: personas que conocen nuestras tradiciones, escuchan con atención y te acompañan hasta que encuentres a la pareja indicada.',
  },
  testimonials: {
    title: 'Historias de nuestra comunidad',
    note: 'Los nombres se han cambiado y las historias se comparten con permiso.',
    noteShared: 'Cada historia se comparte con el permiso de la persona que la cuenta.',
    noteStories: 'La comparten los dos, que pueden retirarla cuando quieran.',
    couple: '{{first}} y {{second}}',
    photoOf: 'Foto de {{couple}}',
  },
  cta: {
    title: 'Orientación y mentoría',
    body: 'No tienes que recorrer este camino a solas. Nuestros mentores voluntarios ofrecen consejo sobre el noviazgo, la preparación para el matrimonio y la vida familiar, con espíritu de servicio.',
    mentors: 'Conoce a los mentores',
    bodyNoMentors: 'No tienes que recorrer este camino a solas. Nuestros mentores son voluntarios de la comunidad, aprobados uno a uno por nuestro equipo; todavía no hay ninguno. Si puedes aconsejar sobre el noviazgo, la preparación para el matrimonio o la vida familiar, ofrécete como mentor.',
    volunteer: 'Ofrécete como mentor',
    donationGuide: 'Lee la guía de donativos',
  },
  footer: {
    ministry: 'Sanga funciona como un servicio ministerial bajo nuestro ministerio principal.',
    ministryLink: 'Visita nuestro ministerio principal',
    ministryLinkNamed: 'Visita el sitio de {{name}}',
    newTab: '(se abre en una pestaña nueva)',
    valuesLabel: 'Nuestros valores',
    values: {
      donation: 'Basado en donativos',
      transparent: 'Transparente',
      community: 'Comunitario',
    },
    guidance: 'Orientación y mentoría',
    privacy: 'Aviso de privacidad',
    contact: 'Contacto: {{email}}',
    donate: 'Donar',
  },
} satisfies CatalogShape<typeof en>;
