import type { CatalogShape } from '../catalog';
import type en from '../en/auth';

export default {
  validation: {
    emailRequired: 'El correo electrónico es obligatorio',
    emailInvalid: 'Correo electrónico no válido',
    passwordLength: 'La contraseña debe tener entre 8 y 128 caracteres',
    passwordRequired: 'La contraseña es obligatoria',
    tokenInvalid: 'Este enlace no es válido',
    adminPasswordRequired: 'La contraseña es obligatoria',
    passwordIncorrect: 'La contraseña no es correcta',
    emailUnchanged: 'Este ya es tu correo',
  },
  signIn: {
    title: 'Inicia sesión en Sanga',
    intro: 'Bienvenido de nuevo. Inicia sesión para continuar con tu perfil y tus coincidencias.',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión...',
    noAccount: '¿Eres nuevo en Sanga?',
    toSignUp: 'Crear una cuenta',
    forgot: '¿Olvidaste tu contraseña?',
    failed: 'El correo o la contraseña no son correctos.',
    tooMany: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  },
  signUp: {
    title: 'Crea tu cuenta de Sanga',
    intro: 'Una cuenta mantiene privados tus datos biográficos. Solo los coordinadores y las posibles parejas ven tu perfil.',
    submit: 'Crear cuenta',
    submitting: 'Creando cuenta...',
    haveAccount: '¿Ya tienes una cuenta?',
    toSignIn: 'Iniciar sesión',
    taken: 'Ya existe una cuenta con este correo. Intenta iniciar sesión.',
    failed: 'No pudimos crear tu cuenta. Inténtalo de nuevo.',
  },
  fields: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    newPassword: 'Nueva contraseña',
    passwordHint: 'Entre 8 y 128 caracteres.',
  },
  forgot: {
    title: 'Restablece tu contraseña',
    intro: 'Escribe el correo con el que te registraste. Si tiene una cuenta, te enviaremos un enlace para elegir una nueva contraseña. El enlace funciona una sola vez, durante una hora.',
    submit: 'Enviar enlace',
    submitting: 'Enviando...',
    sent: 'Si existe una cuenta con ese correo, el enlace ya va en camino. Revisa tu bandeja de entrada.',
    backToSignIn: 'Volver a iniciar sesión',
  },
  reset: {
    title: 'Elige una nueva contraseña',
    submit: 'Guardar nueva contraseña',
    submitting: 'Guardando...',
    done: 'Tu contraseña ha cambiado. Inicia sesión con tu nueva contraseña.',
    invalid: 'Este enlace no es válido o ha caducado. Pide uno nuevo.',
    requestNew: 'Pedir un nuevo enlace',
    toSignIn: 'Ir a iniciar sesión',
  },
  logout: {
    failed: 'No se pudo cerrar la sesión. Inténtalo de nuevo.',
  },
} satisfies CatalogShape<typeof en>;
