/**
 * The server's Spanish (Latin American, `tú`, financial terms as the CFPB's Spanish materials use
 * them): the same ids as catalogs/en.ts, each one required by the type.
 */
import type { ServerMessageId } from './en';

export const es: Record<ServerMessageId, string> = {
  'mail.code': 'Tu código: {code}',
  'mail.signature': '— {product}',

  'mail.verifyEmail.subject': 'Tu código de verificación de {product}: {code}',
  'mail.verifyEmail.body': 'Usa este código para verificar tu dirección de correo electrónico. Vence en {minutes, plural, one {# minuto} other {# minutos}}.',
  'mail.verifyEmail.action': 'O abre este enlace para verificarla',
  'mail.ignore': 'Si no lo pediste, puedes ignorar este correo.',

  'mail.passwordReset.subject': 'Restablece tu contraseña de {product}',
  'mail.passwordReset.body': 'Alguien pidió restablecer la contraseña de la cuenta de {product} "{userName}".',
  'mail.passwordReset.expiry':
    'El enlace funciona una sola vez y vence en {minutes, plural, one {# minuto} other {# minutos}}. Si no lo pediste, puedes ignorar este correo: tu contraseña no cambia.',
  'mail.passwordReset.action': 'Elige una contraseña nueva',

  'mail.invitation.subject': '{school} te invita a {product}',
  'mail.invitation.body': '{school} te invita a crear tu cuenta de {product} para {productLabel}.',
  'mail.invitation.start': 'Abre el enlace y confirma esta dirección de correo electrónico para empezar.',
  'mail.invitation.action': 'Crea tu cuenta',

  'mail.emailChange.subject': 'Confirma tu nueva dirección de correo electrónico de {product}',
  'mail.emailChange.body': 'Escribe este código en la página de tu perfil para confirmar esta dirección. Vence en {minutes, plural, one {# minuto} other {# minutos}}.',

  'mail.supportReply.subject': 'El equipo de ayuda de {product} respondió a tu solicitud {issueKey}',
  'mail.supportReply.body': 'Nuestro equipo de ayuda respondió a tu solicitud {issueKey}:',
  'mail.supportReply.signedIn': 'Inicia sesión y abre Mis solicitudes en la página de Ayuda para leer toda la conversación y responder.',
  'mail.supportReply.anonymous': 'Para responder, envía una nueva solicitud desde la página de ayuda y menciona {issueKey}.',
  'mail.supportReply.signedInAction': 'Abrir Mis solicitudes',
  'mail.supportReply.anonymousAction': 'Abrir la página de ayuda',

  'mail.passwordChanged.subject': 'Se cambió tu contraseña de {product}',
  'mail.passwordChanged.body': 'Se acaba de cambiar la contraseña de la cuenta "{userName}" y se cerraron todas las demás sesiones.',
  'mail.passwordChanged.warning': 'Si no fuiste tú, pide de inmediato restablecer tu contraseña y avísale a tu maestro.',

  'certificate.documentTitle': 'Certificado: {module}',
  'certificate.documentSubject': 'Código de verificación {code}',
  'certificate.title': 'Certificado de Finalización',
  'certificate.certifies': 'Se certifica que',
  'certificate.completed': 'completó el módulo',
  'certificate.when': 'el {date}.',
  'certificate.whenAt': 'el {date} en {school}.',
  'certificate.code': 'Código de verificación: {code}',
  'certificate.check': 'Verifícalo en {url}',
};
