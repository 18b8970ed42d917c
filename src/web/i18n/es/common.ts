import type { CatalogShape } from '../catalog';
import type en from '../en/common';

export default {
  appName: 'Sanga',
  loading: 'Cargando...',
  back: 'Volver',
  language: {
    label: 'Idioma',
    switchTo: 'Switch to English',
    en: 'English',
    es: 'Español',
  },
  nav: {
    label: 'Navegación principal',
    browse: 'Ver coincidencias',
    messages: 'Mensajes',
    guidance: 'Orientación',
    profile: 'Mi perfil',
    about: 'Acerca de',
    logout: 'Cerrar sesión',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    signedInAs: 'Sesión iniciada como {{email}}',
  },
  toast: {
    close: 'Cerrar',
    region: 'Notificaciones ({hotkey})',
    announce: 'Notificación',
  },
  errors: {
    generic: 'Algo salió mal. Inténtalo de nuevo.',
    title: 'Error',
  },
  placeholder: {
    title: 'Próximamente',
    body: 'Esta parte de Sanga está en construcción. Vuelve pronto.',
    home: 'Volver al inicio',
  },
} satisfies CatalogShape<typeof en>;
