import type { CatalogShape } from '../catalog';
import type en from '../en/not-found';

export default {
  title: 'Página no encontrada',
  body: '¿Olvidaste añadir la página al enrutador?',
  home: 'Volver al inicio',
} satisfies CatalogShape<typeof en>;
