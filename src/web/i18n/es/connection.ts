export default {
  offlineTitle: 'Estás sin conexión',
  offlineBody: 'Sanga no puede cargar ni enviar nada hasta que vuelva tu conexión.',
  updateTitle: 'Hay una nueva versión de Sanga lista',
  reload: 'Recargar',
};
