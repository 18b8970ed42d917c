import type en from '../en/verification';
import type { CatalogShape } from '../catalog';

/** La escalera de verificación (issue 50): las marcas en las tarjetas, la escalera propia y la selfi, la revisión. */
export default {
  rungs: {
    email: 'Correo verificado',
    selfie: 'Selfi comprobada',
    metByCoordinator: 'Conocido por la coordinación',
    references: 'Dos referencias',
  },
  tickLabel: '{{rung}} el {{date}}',
  ticksLabel: 'Verificación',
  full: 'Verificación completa',
  fullLabel: 'Verificación completa desde el {{date}}',
  mine: {
    link: 'Mi verificación',
  },
} satisfies CatalogShape<typeof en>;
