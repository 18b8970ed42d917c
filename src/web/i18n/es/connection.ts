export default {
  offlineTitle: 'Estás sin conexión',
  offlineBody: 'Sanga no puede cargar ni enviar nada hasta que vuelva tu conexión.',
  waitingTitle: 'Esperando la conexión',
  screenNeedsConnection: 'Esta pantalla necesita conexión. Se abrirá sola en cuanto vuelvas a estar en línea.',
  updateTitle: 'Hay una nueva versión de Sanga lista',
  reload: 'Recargar',
};
