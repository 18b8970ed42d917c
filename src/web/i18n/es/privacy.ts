import type { CatalogShape } from '../catalog';
import type en from '../en/privacy';

export default {
  title: 'Aviso de privacidad',
  version: 'Versión {{version}}',
  intro: 'Sanga ayuda a miembros de pequeñas comunidades de fe a encontrar pareja para el matrimonio. Nos confías datos personales; esta página explica qué guardamos, quién lo ve, durante cuánto tiempo y cómo borrarlo.',
  sections: {
    stored: {
      title: 'Qué guardamos',
      body: 'Tu correo electrónico y un hash de tu contraseña (nunca la contraseña); tu perfil (nombre, género, fecha de nacimiento, lugar, comunidad, respuestas sobre el noviazgo, la dieta y la preparación, y el texto que escribes sobre ti) y tus fotos, recodificadas sin datos de ubicación ni de la cámara; los mensajes que envías y recibes; tu solicitud de voluntariado si la envías; las denuncias que haces y las que se hacen sobre ti; la fecha en que aceptaste este aviso y su versión.',
    },
    who: {
      title: 'Quién lo ve',
      matches: 'Tus coincidencias (las personas que las reglas emparejan contigo) ven tu nombre, edad, lugar, respuestas, el texto sobre ti y tus fotos (si eliges mostrar tus fotos solo a las personas que te presenten, ven vistas previas difuminadas hechas en nuestro servidor hasta una presentación que ambos aceptaron). Al elegir una distancia en Ver coincidencias, los lugares se buscan en una lista de ciudades que Sanga lleva consigo (GeoNames, CC BY 4.0): tu lugar nunca se envía a ningún sitio para eso. También la otra persona de una presentación mientras está abierta, ya le llegó y tu perfil está activo; cuando se cierra, o mientras tu perfil está en pausa, solo ve tu nombre tal como era. Nunca ven tu correo ni tu fecha de nacimiento.',
      coordinators: 'El equipo de coordinación y el consejo de mayores de la comunidad, que ayudan con las presentaciones, ven los perfiles de las personas a quienes ayudan, y las respuestas de las referencias que pidas: tú ves quién respondió, nunca lo que escribió. Si la coordinación te verifica, tus coincidencias ven «Verificado por la coordinación», cómo y cuándo, hasta que cambien tu nombre, tu fecha de nacimiento o tus fotos. Tus coincidencias ven cuántas referencias leyó la coordinación, nunca su contenido.',
      volunteers: 'El voluntariado solo ve lo que le escribes en los mensajes.',
      admin: 'Quien administra este servicio de Sanga ve todo lo anterior, para aprobar voluntariado, revisar denuncias y cuidar a los miembros. Cada acción suya queda registrada.',
      nobodyElse: 'Nadie más: no vendemos ni compartimos tus datos, y las fotos solo se muestran a las personas indicadas.',
    },
    howLong: {
      title: 'Cuánto tiempo lo guardamos',
      body: 'Mientras uses tu cuenta, y nunca más de esto:',
      items: {
        account: 'Si nadie inicia sesión en tu cuenta durante tres años, te escribimos; 30 días después se borran la cuenta y todo su contenido, salvo que inicies sesión.',
        messages: 'Los mensajes se guardan mientras una de las dos personas tenga cuenta: si una elimina la suya, la otra conserva la conversación, que aparece como con “una persona que eliminó su cuenta”, y se borra con la segunda cuenta.',
        introductions: 'Las presentaciones terminadas, con sus revisiones y seguimientos, se borran dos años después.',
        reports: 'Las denuncias se borran un año después de resolverse.',
        audit: 'El registro de acciones del equipo se guarda dos años; si borras tu cuenta, tu nombre, correo e identificadores en él se reemplazan de inmediato por códigos que no llevan hasta ti.',
        links: 'Los enlaces que te enviamos por correo se borran al usarse o vencer; las sesiones terminan tras dos semanas sin uso; las fotos subidas y no usadas se borran al día siguiente.',
        reportedAccounts: 'Cuando se borra una cuenta, las denuncias que otros miembros hicieron sobre ella se conservan para la administración, con los mensajes denunciados como prueba pero sin el nombre ni el correo de la cuenta; si alguna de esas denuncias seguía abierta, se guarda durante 90 días una forma cifrada (un hash) de su correo para que no pueda registrarse de nuevo de inmediato.',
        deleted: 'Lo que borras sale de los archivos de la base de datos en menos de 24 horas.',
        backups: 'Las copias de seguridad del servidor se borran a los 30 días, así que después de un borrado ninguna copia allí es más antigua que eso.',
      },
      record: 'La lista completa, con lo que está y no está en la descarga de tus datos y por qué, es el registro de privacidad del servicio (docs/privacy.md en el código de Sanga); pídenoslo en la dirección de abajo.',
    },
    delete: {
      title: 'Cómo borrarlo',
      body: 'Puedes quitar fotos y ocultar tu perfil cuando quieras en Mi perfil. Borrar toda tu cuenta (y todo lo anterior) se hace en la página de Configuración; mientras no esté disponible para ti, escríbenos y la borramos por ti.',
    },
    contact: {
      title: 'Preguntas',
      body: 'Escribe a {{email}}.',
    },
  },
} satisfies CatalogShape<typeof en>;
