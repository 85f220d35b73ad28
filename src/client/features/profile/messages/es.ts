/**
 * The profile pages' messages in Spanish (`tú`, Latin American): the ids of messages/en.ts, each
 * one required by the type.
 */
import type { en } from './en';

export const es: Record<keyof typeof en, string> = {
  'profile.title': 'Perfil',
  'profile.title.accessCodes': 'Códigos de acceso',
  'profile.title.edit': 'Editar el perfil',
  'profile.title.password': 'Cambiar la contraseña',
  'profile.title.externalId': 'Identificación externa',
  'profile.title.addCode': 'Agregar un código de acceso',
  'profile.tab.account': 'Cuenta',
  'profile.tab.password': 'Contraseña',
  'profile.tabs': 'Secciones del perfil',
  'profile.crumb.home': 'Inicio',
  'profile.tryAgain': 'Volver a intentarlo',
  'profile.save': 'Guardar',
  'profile.joinClass': 'Unirte a una clase',

  'profile.account.name': 'Nombre',
  'profile.account.userName': 'Nombre de usuario',
  'profile.account.email': 'Correo electrónico',
  'profile.account.pendingEmail': ' (cambio a {email} pendiente de su código)',
  'profile.account.timeZone': 'Zona horaria',
  'profile.account.schools': 'Escuelas',
  'profile.account.yourSchools': 'Tus escuelas',
  'profile.account.currentSchool': 'Escuela actual',
  'profile.account.courses': 'Cursos',
  'profile.account.yourCourses': 'Tus cursos',
  'profile.account.externalId': 'Identificación externa',
  'profile.account.externalIdValue': '{label}: {value}',
  'profile.account.notSet': 'sin indicar',
  'profile.account.setExternalId': 'Indicar {label}',
  'profile.account.setExternalIdDefault': 'Indicar la identificación externa',
  'profile.account.edit': 'Editar el perfil',

  'profile.emailCode.sent': 'Enviamos un código de 6 dígitos a {email}. Escríbelo para confirmar tu nueva dirección de correo electrónico.',
  'profile.emailCode.form': 'Confirmar el nuevo correo electrónico',
  'profile.emailCode.code': 'Código de 6 dígitos',
  'profile.emailCode.confirm': 'Confirmar el correo electrónico',

  'profile.edit.form': 'Editar el perfil',
  'profile.edit.firstName': 'Nombre',
  'profile.edit.lastName': 'Apellido',
  'profile.edit.emailHelp': 'Usaremos la dirección nueva cuando escribas el código que le enviamos.',

  'profile.password.temporary':
    'Tu maestro te dio una contraseña temporal. Para continuar, elige tu propia contraseña: escribe la temporal como tu contraseña actual.',
  'profile.password.intro': 'Cuando cambias tu contraseña, se cierran tus otras sesiones (en otras computadoras).',
  'profile.password.form': 'Cambiar la contraseña',
  'profile.password.current': 'Contraseña actual',
  'profile.password.new': 'Contraseña nueva',
  'profile.password.confirm': 'Repite la contraseña nueva',
  'profile.password.submit': 'Cambiar la contraseña',

  'profile.codes.none': 'Todavía no has agregado ningún código de clase ni código de acceso.',
  'profile.codes.table': 'Tus códigos de acceso',
  'profile.codes.code': 'Código',
  'profile.codes.school': 'Escuela',
  'profile.codes.course': 'Curso',
  'profile.codes.added': 'Agregado',
  'profile.codes.addedOn': 'Agregado el {date}',

  'profile.externalId.notYours': 'No tienes este curso. Revisa la dirección o únete a una clase con su código de clase.',
  'profile.externalId.course': '{product} en {school}',

  'profile.addCode.intro': 'Únete a otra clase: escribe el código de clase que te dio tu maestro. Sigues en tus otras clases.',
  'profile.addCode.join': 'Unirme',
  'profile.addCode.label': 'Código de clase',
  'profile.addCode.help': 'Aquí también sirve el código de acceso de una escuela.',
  'profile.addCode.seeCodes': 'Ver los códigos que agregaste',

  'profile.rosterEmail.region': 'Correo electrónico en los registros de tu escuela',
  'profile.rosterEmail.text': 'En los registros de tu escuela, tu correo electrónico es <b>{email}</b>.',
  'profile.rosterEmail.how': 'Para usarlo, le enviamos un código de 6 dígitos; tu dirección cambia cuando escribes el código.',
  'profile.rosterEmail.use': 'Usar esta dirección',
  'profile.rosterEmail.notMine': 'No es mía',

  'profile.sso.heading': 'Inicio de sesión de la escuela',
  'profile.sso.link': 'Vincular',
  'profile.sso.unlink': 'Desvincular',
  'profile.sso.linkProvider': 'Vincular {provider}',
  'profile.sso.unlinkProvider': 'Desvincular {provider}',
  'profile.sso.linked': 'Vinculada',
  'profile.sso.linkedAs': 'Vinculada ({email})',
  'profile.sso.notLinked': 'Sin vincular',

  'profile.timeZone': 'Zona horaria',
};
