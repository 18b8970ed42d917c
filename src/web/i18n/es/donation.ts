import type { CatalogShape } from '../catalog';
import type en from '../en/donation';

export default {
  title: 'Guía de donativos',
  intro: 'Sanga es gratuito. Esta guía explica cómo los donativos voluntarios mantienen vivo el servicio y cómo puedes participar de la forma que mejor se ajuste a tu vida.',
  backHome: 'Volver al inicio',
  philosophy: {
    title: 'Nuestra filosofía sobre los donativos',
    p1: 'Sanga se ofrece como un servicio ministerial, con espíritu de seva. Nadie queda fuera por no poder dar, y ninguna parte del servicio depende de un pago.',
    p2: 'Los donativos son voluntarios y nacen del corazón. Sostienen el cuidado del equipo de coordinación, el tiempo de nuestros mayores y el costo de mantener la plataforma, para que el servicio siga abierto a todos.',
  },
  levels: {
    title: 'Tres formas de participar',
    intro: 'Elige el nivel que refleje con honestidad tu situación actual. Puede cambiar cuando tu vida cambie, y nadie te pedirá que lo justifiques.',
    noAmounts: 'No fijamos montos. Da lo que sientas correcto, en el espíritu de cada nivel.',
    providedFor: {
      name: 'Recibir apoyo',
      body: 'Si en este momento te resulta difícil dar, aquí tienes un lugar: recibe el servicio de forma gratuita. La comunidad te sostiene, sin expectativas y sin vergüenza. Tu sinceridad es tu ofrenda.',
    },
    equalExchange: {
      name: 'Intercambio equitativo',
      body: 'Si puedes, ofrece un donativo que refleje el valor que recibes: el tiempo, el cuidado y la orientación que se te brindan en el camino.',
    },
    provider: {
      name: 'Brindar apoyo',
      body: 'Si has recibido la bendición de tener más, puedes dar más allá de lo que recibes. Tu generosidad sostiene a quienes hoy no pueden dar.',
    },
  },
  volunteers: {
    title: 'Orientación para voluntarios',
    p1: 'Los voluntarios y mentores comparten sus dones como servicio. Puedes brindar ofrendas gratuitas, como consejería, clases o conversaciones, como un regalo para la comunidad.',
    p2: 'También puedes ofrecer servicios pagados. Cuando alguien reserva un servicio pagado a través de Sanga, las tarifas de reserva de la plataforma se reparten 50-50 con la organización ministerial, así tu trabajo también sostiene el servicio que te conecta con otras personas.',
    p3: 'Describe con claridad en tu perfil de voluntariado qué ofreces gratuitamente, qué ofreces como servicio pagado y cómo pueden apoyarte.',
    guidanceLink: 'Conoce a los mentores',
  },
  give: {
    title: 'Cómo dar',
    online: 'Pueden dar a través de la página de donativos del ministerio, en cualquier momento y por la cantidad que elijan.',
    button: 'Donar',
    newTab: '(se abre en una pestaña nueva)',
    inPerson: 'Todavía no hay una página para donar en línea. Si desean dar, pregunten al equipo de coordinación o den en persona en el templo. Toda ofrenda es bienvenida, y dar nunca es una condición para recibir ayuda.',
  },
  closing: 'Sea lo que sea que puedas dar, gracias por ser parte de esta comunidad. Cada ofrenda, grande o pequeña, ayuda a que otra persona encuentre a su pareja en el camino.',
} satisfies CatalogShape<typeof en>;
