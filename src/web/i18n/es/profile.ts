import type { CatalogShape } from '../catalog';
import type en from '../en/profile';

export default {
  validation: {
    nameRequired: 'El nombre es obligatorio',
    genderRequired: 'Selecciona tu género',
    dateOfBirthRequired: 'La fecha de nacimiento es necesaria para buscar coincidencias por edad',
    dateOfBirthInvalid: 'Ingresa una fecha de nacimiento válida',
    dateOfBirthUnderage: 'Debes tener al menos 18 años',
    minAgeRequired: 'Ingresa la edad mínima',
    maxAgeRequired: 'Ingresa la edad máxima',
    ageRange: 'La edad debe estar entre 18 y 99',
    minAgeAboveMax: 'La edad mínima debe ser menor o igual a la edad máxima',
    ageFlexibilityRequired: 'Selecciona la flexibilidad de edad',
    exactLocationRequired: 'Ingresa ciudad, estado/región y país',
    relocationRequired: 'Selecciona tu preferencia de mudanza',
    communityRequired: 'La afiliación comunitaria es obligatoria',
    courtshipRequired: 'Selecciona tu preferencia de noviazgo',
    dietRequired: 'Selecciona tu preferencia de alimentación',
    dealBreakersShort: 'Escribe tus 3 principales motivos para descartar a alguien',
    dealMakersShort: 'Escribe las 3 cosas que más valoras en una pareja',
    aboutYouShort: 'Cuéntanos más sobre ti',
    consultationRequired: 'Selecciona una opción',
    tooLong: 'Este texto es demasiado largo',
    textInvalid: 'Ingresa un texto',
  },
  enums: {
    gender: {
      man: 'Hombre',
      woman: 'Mujer',
    },
    ageFlexibility: {
      strict: 'Estricta',
      preferred: 'Preferida',
      flexible: 'Flexible',
    },
    relocation: {
      localOnly: 'Solo local',
      iWillRelocate: 'Yo me mudaría',
      partnerRelocates: 'Mi pareja se muda',
      eitherRelocates: 'Cualquiera de los dos se muda',
      openToDiscuss: 'Lo podemos conversar',
    },
    courtshipAlignment: {
      oneToOneEssential: 'Uno a uno, esencial',
      oneToOnePreferred: 'Uno a uno, preferido',
      eitherWithGuidance: 'Cualquiera, con orientación',
      rotationalPreferred: 'Rotativo, preferido',
      rotationalEssential: 'Rotativo, esencial',
    },
    dietAlignment: {
      strictSattvic: 'Sátvica estricta',
      plantBasedPreferred: 'Preferentemente basada en plantas',
      vegetarianFlexible: 'Vegetariana, flexible',
      valuesOverDiet: 'Valores por encima de la dieta',
      openAndLearning: 'Con apertura y aprendiendo',
    },
    marriageReadinessConsultation: {
      yes: 'Sí',
      no: 'No',
      maybeLater: 'Quizás más adelante',
    },
  },
  consultationBadge: {
    yes: 'Con interés',
    no: 'Sin interés',
    maybeLater: 'Quizás más adelante',
  },
} satisfies CatalogShape<typeof en>;
