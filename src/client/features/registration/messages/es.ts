/**
 * The registration pages' messages in Spanish (`tú`, Latin American): the ids of messages/en.ts,
 * each one required by the type.
 */
import type { en } from './en';

export const es: Record<keyof typeof en, string> = {
  'registration.title': 'Registrarse',
  'registration.title.invitation': 'Invitación',
  'registration.title.name': 'Tu nombre',
  'registration.title.externalId': 'Identificación externa',
  'registration.title.terms': 'Aceptar los términos',
  'registration.title.verify': 'Verificar el correo electrónico',
  'registration.title.userName': 'Elige un nombre de usuario',
  'registration.title.password': 'Elige una contraseña',

  'registration.step.name': 'Nombre',
  'registration.step.externalid': 'Identificación externa',
  'registration.step.terms': 'Términos',
  'registration.step.verify': 'Verificar',
  'registration.step.username': 'Nombre de usuario',
  'registration.step.password': 'Contraseña',
  'registration.next': 'Siguiente',
  'registration.continue': 'Continuar',
  'registration.email': 'Correo electrónico',
  'registration.startAgain': 'Empieza de nuevo con un código de clase',
  'registration.complete': 'Este registro está completo.',
  'registration.signIn': 'Iniciar sesión',

  'registration.code.intro': 'Escribe el código de clase que te dio tu maestro. Después te mostramos la escuela, la clase y el maestro que le corresponden.',
  'registration.code.form': 'Código de clase',
  'registration.code.label': 'Código de clase',
  'registration.code.help': 'Aquí también sirve el código de acceso de una escuela.',
  'registration.code.checking': 'Verificando…',
  'registration.code.haveAccount': '¿Ya tienes una cuenta?',
  'registration.preview.joining': 'Te vas a unir a',
  'registration.preview.joiningClass': 'Te vas a unir a la clase',
  'registration.preview.schoolCode': 'Tu escuela te dio este código de acceso.',
  'registration.preview.course': 'Curso: {product}.',
  'registration.preview.emailOptional': 'Tu escuela te permite registrarte sin una dirección de correo electrónico.',
  'registration.preview.starting': 'Empezando…',
  'registration.preview.yes': 'Sí, continuar',
  'registration.preview.other': 'Escribir otro código',
  'registration.preview.notYours': '¿No es tu clase? Revisa el código con tu maestro antes de continuar.',

  'registration.invitation.intro': 'Recibiste una invitación por correo electrónico. Escribe la dirección a la que se envió la invitación.',
  'registration.invitation.missingToken':
    'A esta dirección le falta el código de la invitación. Vuelve a abrir el enlace del correo electrónico o <link>regístrate con un código de clase</link>.',
  'registration.invitation.form': 'Correo electrónico de la invitación',

  'registration.name.intro': '¿Cómo te llamas?',
  'registration.name.form': 'Tu nombre',
  'registration.name.first': 'Nombre',
  'registration.name.last': 'Apellido',

  'registration.externalId.default': 'Número de estudiante',
  'registration.externalId.intro': 'Tu escuela usa tu {label} para este curso.',

  'registration.terms.read': 'Lee los <terms>términos de uso</terms> y la <privacy>política de privacidad</privacy>.',
  'registration.terms.form': 'Términos de uso',
  'registration.terms.accept': 'Acepto los términos de uso y la política de privacidad',

  'registration.verify.intro':
    'Te enviaremos un código de {digits} dígitos a tu correo electrónico para comprobar que es tuyo. Sirve durante {minutes} minutos.',
  'registration.verify.introOptional':
    'En tu escuela, la dirección de correo electrónico es opcional. Te enviaremos un código de {digits} dígitos a tu correo electrónico para comprobar que es tuyo. Sirve durante {minutes} minutos.',
  'registration.verify.sendForm': 'Enviar un código',
  'registration.verify.sendNew': 'Enviar un código nuevo',
  'registration.verify.send': 'Envíame un código',
  'registration.verify.codeForm': 'Escribe el código',
  'registration.verify.code': 'Código de {digits} dígitos',
  'registration.verify.submit': 'Verificar',
  'registration.verify.checkingLink': 'Verificando el código de tu correo electrónico…',
  'registration.noEmail.heading': '¿No tienes correo electrónico?',
  'registration.noEmail.help':
    'Tu escuela te permite registrarte sin él. Sin una dirección de correo electrónico no podemos enviarte un enlace si olvidas tu contraseña: tu maestro te da una contraseña temporal.',
  'registration.noEmail.continue': 'Continuar sin correo electrónico',

  'registration.userName.intro':
    'Elige el nombre de usuario con el que vas a iniciar sesión: de {min} a {max} caracteres, letras minúsculas, dígitos, puntos, guiones bajos o guiones.',
  'registration.userName.label': 'Nombre de usuario',
  'registration.userName.checking': 'Verificando…',
  'registration.userName.available': 'Este nombre de usuario está disponible.',

  'registration.password.intro':
    'Elige una contraseña de al menos {min} caracteres. Unas cuantas palabras sin relación entre sí forman una contraseña segura y fácil de recordar.',
  'registration.password.label': 'Contraseña',
  'registration.password.confirm': 'Repite la contraseña',
  'registration.password.creating': 'Creando tu cuenta…',
  'registration.password.create': 'Crear mi cuenta',
};
