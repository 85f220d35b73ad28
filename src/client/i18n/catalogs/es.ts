/**
 * Spanish (Latin American, `tú`, financial terms as the CFPB's Spanish materials use them): the
 * same ids as catalogs/en.ts, each one required by the type.
 */
import type { MessageId } from './en';

export const es: Record<MessageId, string> = {
  'language.label': 'Idioma',

  'login.title': 'Iniciar sesión',
  'login.intro': 'Te damos la bienvenida a {product}. Inicia sesión con el nombre de usuario y la contraseña que te dio tu escuela.',
  'login.formLabel': 'Iniciar sesión',
  'login.userName': 'Nombre de usuario',
  'login.password': 'Contraseña',
  'login.userNameRequired': 'Escribe tu nombre de usuario',
  'login.passwordRequired': 'Escribe tu contraseña',
  'login.submit': 'Iniciar sesión',
  'login.submitting': 'Iniciando sesión…',
  'login.forgotPassword': '¿Olvidaste tu contraseña?',
  'login.register': 'Regístrate con un código de clase',
  'login.needHelp': '¿Necesitas ayuda?',
  'login.helpLink': 'Visita la página de ayuda',
  'login.error.credentials': 'Tu nombre de usuario o tu contraseña no son correctos. Revísalos y vuelve a intentarlo.',
  'login.error.lockedOut':
    'Demasiados intentos de inicio de sesión. Por tu seguridad, espera {minutes, plural, one {# minuto} other {# minutos}} y vuelve a intentarlo.',
  'login.error.lockedOutUnknown': 'Demasiados intentos de inicio de sesión. Por tu seguridad, espera unos minutos y vuelve a intentarlo.',
  'login.error.unreachable': 'No podemos conectarnos con Cashwise en este momento. Revisa tu conexión a internet y vuelve a intentarlo en un momento.',
  'login.error.serverError':
    'Cashwise tiene un problema en este momento y no pudiste iniciar sesión. Vuelve a intentarlo en unos minutos. Si sigue pasando, avísale a tu maestro o comunícate con soporte.',
  'login.error.appKey': 'El servidor no reconoce esta copia de Cashwise. Avísale a tu maestro o comunícate con soporte.',
  'login.error.unknown': 'Algo salió mal al iniciar sesión. Vuelve a intentarlo.',
  'login.ended.idle': 'Se cerró tu sesión después de {minutes, plural, one {# minuto} other {# minutos}} sin actividad.',
  'login.ended.expired': 'Tu sesión venció. Vuelve a iniciar sesión.',
  'login.ended.otherTab': 'Se cerró tu sesión en otra pestaña.',
  'login.ended.signout': 'Cerraste tu sesión.',
  'login.ended.unauthorized': 'Tu sesión terminó. Vuelve a iniciar sesión.',
  'login.sharedComputer': 'Cerrar sesión en Cashwise no cierra tu cuenta escolar de Google o de Microsoft en esta computadora:',
  'login.sharedComputer.or': 'o',

  'session.dialog.title': 'Tu sesión está por vencer',
  'session.dialog.text': '¿Quieres seguir con la sesión iniciada?',
  'session.dialog.stay': 'Seguir conectado',
  'session.dialog.signOut': 'Cerrar sesión ahora',
  'session.dialog.countdown': 'Tu sesión se cerrará en {time}',
  'session.dialog.announcement': '{minutes, plural, =1 {Tu sesión se cerrará en menos de un minuto} other {Tu sesión se cerrará en # minutos}}',

  'shell.nav.home': 'Inicio',
  'shell.nav.catalog': 'Catálogo',
  'shell.nav.resources': 'Recursos',
  'shell.nav.activity': 'Actividad',
  'shell.nav.classes': 'Clases',
  'shell.nav.school': 'Escuela',
  'shell.nav.support': 'Soporte',
  'shell.nav.learn': 'Aprender',
  'shell.nav.main': 'Principal',
  'shell.openNavigation': 'Abrir la navegación',
  'shell.loadingPage': 'Cargando la página',
  'shell.getHelp': 'Obtener ayuda',
  'account.signIn': 'Iniciar sesión',
  'account.menu': 'Menú de la cuenta',
  'account.menuFor': 'Menú de la cuenta de {name}',
  'account.signedInAs': 'Sesión iniciada como',
  'account.profile': 'Perfil',
  'account.myRequests': 'Mis solicitudes',
  'account.signOut': 'Cerrar sesión',
};
