export default {
  title: 'Instalar Sanga',
  body: 'Agrega Sanga a tu pantalla de inicio para abrirla como una aplicación.',
  install: 'Instalar',
  dismiss: 'Ahora no',
};
