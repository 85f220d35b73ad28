/** The password pages' messages in Spanish (`tú`): the ids of messages/en.ts, each one required. */
import type { en } from './en';

export const es: Record<keyof typeof en, string> = {
  'password.title.forgot': 'Olvidé mi contraseña',
  'password.title.reset': 'Restablecer la contraseña',
  'password.backToSignIn': 'Volver a iniciar sesión',
  'password.forgot.intro': 'Escribe tu nombre de usuario o tu correo electrónico y te enviaremos un enlace para elegir una contraseña nueva.',
  'password.forgot.form': 'Olvidé mi contraseña',
  'password.forgot.login': 'Nombre de usuario o correo electrónico',
  'password.forgot.send': 'Envíame un enlace',
  'password.forgot.sending': 'Enviando…',
  'password.reset.askAgain': 'Pide un enlace nuevo',
  'password.reset.intro': 'Elige una contraseña nueva de al menos {min} caracteres. Se cerrarán todas las demás sesiones de tu cuenta.',
  'password.reset.form': 'Restablecer la contraseña',
  'password.reset.newPassword': 'Contraseña nueva',
  'password.reset.confirm': 'Repite la contraseña nueva',
  'password.reset.submit': 'Cambiar mi contraseña',
  'password.changed': 'Contraseña cambiada',
  'password.strength': 'Seguridad de la contraseña: {level}',
  'password.strength.weak': 'Débil',
  'password.strength.medium': 'Media',
  'password.strength.strong': 'Alta',
  'password.strength.common': 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
};
