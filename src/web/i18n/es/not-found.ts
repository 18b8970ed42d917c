import type { CatalogShape } from '../catalog';
import type en from '../en/not-found';

export default {
  title: 'Página no encontrada',
  body: 'Esta página no existe o cambió de lugar. Revisa la dirección o vuelve a empezar desde el inicio.',
  home: 'Volver al inicio',
} satisfies CatalogShape<typeof en>;
