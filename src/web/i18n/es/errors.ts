import type { ErrorCode } from '../../../domain/error-codes';

/** Lo que lee un miembro para cada código de error del servidor (domain/error-codes.ts). */
export default {
  'invalid-request': 'Algo de lo que escribiste no es válido. Revisa los campos marcados.',
  'bad-request': 'Algo en esta solicitud no es válido. Revísalo e inténtalo de nuevo.',
  unauthorized: 'Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para hacer eso.',
  'not-found': 'No encontramos eso. Es posible que se haya eliminado.',
  conflict: 'No se pudo hacer porque algo cambió. Vuelve a cargar la página e inténtalo de nuevo.',
  gone: 'Este enlace ya no es válido.',
  'payload-too-large': 'Es demasiado grande para enviarlo.',
  'unsupported-media-type': 'Ese tipo de archivo no se puede usar aquí.',
  'too-many-requests': 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  internal: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  'invalid-json': 'Algo en esta solicitud no es válido. Vuelve a cargar la página e inténtalo de nuevo.',
  'empty-body': 'Algo en esta solicitud no es válido. Vuelve a cargar la página e inténtalo de nuevo.',
  'unsupported-media-type-json': 'Algo en esta solicitud no es válido. Vuelve a cargar la página e inténtalo de nuevo.',
  'invalid-content-length': 'Algo en esta solicitud no es válido. Vuelve a cargar la página e inténtalo de nuevo.',
  'bad-url': 'Esta dirección no es válida.',
  'url-too-long': 'Esta dirección es demasiado larga.',
  'storage-full': 'Sanga se quedó sin espacio de almacenamiento y no se guardó nada. Inténtalo de nuevo en unos minutos.',
  'database-unavailable': 'Sanga no puede conectarse con su base de datos ahora, así que esto no se hizo. Inténtalo de nuevo en unos segundos.',
  'not-ready': 'Sanga se está iniciando o deteniendo. Inténtalo de nuevo en un momento.',
  'invitation-unknown': 'No encontramos esta invitación.',
  'invitation-used': 'Esta invitación ya se usó.',
  'invitation-expired': 'Esta invitación venció. Pide una nueva.',
  'email-not-verified': 'Primero verifica tu correo actual antes de cambiarlo.',
} satisfies Record<ErrorCode, string>;
