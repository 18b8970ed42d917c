import type en from '../en/vedic-screens';
import type { CatalogShape } from '../catalog';

/** La sección "Compatibilidad védica" del perfil (issue 52); se carga con la pantalla del perfil (screen-texts.ts). */
export default {
  validation: {
    birthTimeInvalid: 'Ingresa la hora en horas y minutos (00:00 a 23:59)',
    birthTimeRequired: 'Ingresa tu hora de nacimiento o elige "No sé la hora"',
    birthTimeAccuracyRequired: 'Indica qué tan exacta es tu hora de nacimiento',
    birthPlaceRequired: 'Elige tu lugar de nacimiento de la lista',
    birthPlaceInvalid: 'Vuelve a elegir tu lugar de nacimiento de la lista',
    placeQueryLength: 'Escribe de 1 a 80 caracteres del lugar',
  },
  form: {
    title: 'Compatibilidad védica (opcional)',
    intro: 'Si quieres, tu horóscopo tradicional se puede comparar con el de tus coincidencias. Déjalo desactivado para omitirlo.',
    optIn: 'Comparar nuestros horóscopos tradicionales (guna milan) con las coincidencias que también lo acepten.',
    optInHint: 'Tu hora y tu lugar de nacimiento nunca se muestran a nadie: ni a tus coincidencias, ni a coordinadores o mayores, ni al administrador. Si desmarcas esta casilla, se borran.',
    birthTime: 'Hora de nacimiento',
    birthTimeHint: 'La hora local del lugar donde naciste, como en tu acta de nacimiento.',
    accuracy: '¿Qué tan exacta es esta hora?',
    accuracyExact: 'Exacta, al minuto',
    accuracyApproximate: 'Aproximada',
    accuracyUnknown: 'No sé la hora',
    birthPlace: 'Lugar de nacimiento',
    birthPlaceHint: 'Escribe las primeras letras del pueblo o la ciudad y elígelo de la lista.',
    searching: 'Buscando lugares…',
    noPlaces: 'No se encontró ningún lugar. Prueba con la ciudad más grande cercana.',
    searchFailed: 'No se pudieron buscar los lugares. Inténtalo de nuevo.',
    placesFound: 'Lugares encontrados: {{count}}. Usa las flechas arriba y abajo, y luego Enter.',
    typeMore: 'Escribe al menos dos letras.',
    chosen: 'Elegido: {{name}}',
  },
} satisfies CatalogShape<typeof en>;
