import type { CatalogShape } from '../catalog';
import type en from '../en/admin';

export default {
  login: {
    title: 'Acceso de administración',
    intro: 'Escribe la contraseña de administración para abrir el panel.',
    password: 'Contraseña de administración',
    submit: 'Acceder al panel',
    submitting: 'Comprobando...',
    deniedTitle: 'Acceso denegado',
    denied: 'Contraseña no válida',
    tooMany: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
    disabled: 'El acceso de administración está desactivado en este servidor.',
    failed: 'No se pudo iniciar sesión. Inténtalo de nuevo.',
    home: 'Volver al inicio',
  },
  header: { signedIn: 'Sesión de administración' },
} satisfies CatalogShape<typeof en>;
