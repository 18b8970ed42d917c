export default {
  heading: 'Notificaciones en este dispositivo',
  intro: 'Sanga puede avisarte en este teléfono o computadora cuando alguien te escriba o se proponga una presentación, en lugar de por correo. Un aviso dice quién y dónde, nunca lo que se escribió.',
  unsupported: 'Este navegador no puede mostrar notificaciones de Sanga aquí. Una ventana privada (de incógnito) nunca puede: abre Sanga en una ventana normal y actívalas allí.',
  homeScreenFirst:
    'En un iPhone o iPad, solo Sanga en tu pantalla de inicio puede mostrar notificaciones. Toca el botón Compartir, elige “Agregar a inicio” (Add to Home Screen), abre Sanga desde tu pantalla de inicio y actívalas en su configuración.',
  unavailable:
    'Esta ventana no puede recibir notificaciones. Una ventana privada (de incógnito) nunca puede: abre Sanga en una ventana normal, o la app de Sanga en tu pantalla de inicio, y actívalas allí.',
  blocked: 'Las notificaciones de Sanga están bloqueadas en este navegador. Permítelas en la configuración del sitio del navegador y vuelve aquí.',
  denied: 'El navegador no permitió las notificaciones, así que siguen desactivadas. Si esta es una ventana privada (de incógnito), abre Sanga en una ventana normal.',
  turnOn: 'Activar notificaciones en este dispositivo',
  turningOn: 'Activando…',
  turnOff: 'Desactivar notificaciones en este dispositivo',
  on: 'Las notificaciones están activadas en este dispositivo. Solo recibirás un correo cuando no se pueda llegar a ningún dispositivo.',
  what: 'Avisarme sobre',
  messages: 'Mensajes nuevos mientras no esté conectado',
  introductions: 'Presentaciones',
  devices: 'Dispositivos que reciben notificaciones',
  thisDevice: 'Este dispositivo',
  since: 'Desde {{date}}',
  remove: 'Quitar',
};
