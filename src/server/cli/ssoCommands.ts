/**
 * `npm run admin -- sso …`: what the school administration's sign-in page and a person's profile
 * do, for scripts (docs/sso.md). The same functions as the routes (sso/settings.ts, sso/signIn.ts),
 * acting as the command-line tool (origin "cli" in the audit trail).
 */
import { normaliseUserName } from '../../common/accounts';
import { isSsoProviderId, type SsoProviderId } from '../../common/sso';
import type { Config } from '../config';
import type { Db } from '../db';
import { AdminError } from '../services/accounts/admin';
import { schoolByLsclientIdIgnoringCase, userIdByName } from '../services/accounts/repository';
import { CLI_ACTOR } from '../services/audit/record';
import type { SsoConfig } from '../sso/config';
import { changeSsoSettings, linksOfUser, readSsoSettings, SsoSettingsError } from '../sso/settings';
import { unlink } from '../sso/signIn';
import { StaffUsageError } from './staffCommands';

export const SSO_HELP = `  sso list --school <ID>
      The school's sign-in: the providers this deployment offers and those the school turned on,
      its e-mail domains, and whether a sign-in may create an unknown student.
  sso enable|disable <provider> --school <ID>
      Turn a provider (google, microsoft, clever, classlink, lincoln) on or off for the school.
  sso domains <domain,domain…|none> --school <ID> | sso create-students <yes|no> --school <ID>
      The e-mail domains the school owns; whether an unknown student may be created by sign-in.
  sso links <username> | sso unlink <username> <provider>
      A person's school sign-in links, or remove one.
`;

const USAGE = 'sso list|enable|disable|domains|create-students --school <ID> … | sso links <username> | sso unlink <username> <provider>';

/** The CLI runs without the server: the local provider counts as offered when it is configured to run. */
function offered(sso: SsoConfig): SsoConfig {
  if (!sso.localProvider.enabled || sso.providers.some((p) => p.id === 'lincoln')) return sso;
  return { ...sso, providers: [...sso.providers, { id: 'lincoln', issuer: 'http://localhost', clientId: '', clientSecret: '' }] };
}

async function schoolId(db: Db, lsclientID: string | undefined): Promise<number> {
  if (!lsclientID) throw new StaffUsageError(`--school is required. Usage: npm run admin -- ${USAGE}`);
  const row = await schoolByLsclientIdIgnoringCase(db, lsclientID.trim());
  if (!row) throw new AdminError(`No school has the id "${lsclientID}".`);
  return row.id;
}

async function userId(db: Db, userName: string | undefined): Promise<number> {
  if (!userName) throw new StaffUsageError(`Usage: npm run admin -- ${USAGE}`);
  const id = await userIdByName(db, normaliseUserName(userName));
  if (id === undefined) throw new AdminError(`No user "${userName}".`);
  return id;
}

function provider(raw: string | undefined): SsoProviderId {
  if (!isSsoProviderId(raw)) throw new StaffUsageError(`Name a provider: google, microsoft, clever, classlink or lincoln. Usage: npm run admin -- ${USAGE}`);
  return raw;
}

export async function runSsoCommand(db: Db, config: Config, positionals: readonly string[], values: { school?: string }, now: number): Promise<string> {
  const [, sub, a, b] = positionals;
  const sso = offered(config.sso);
  const describe = async (id: number) => {
    const s = await readSsoSettings(db, sso, id);
    return [
      `Offered here: ${s.available.map((p) => p.id).join(', ') || 'none'}`,
      `Turned on: ${s.enabled.join(', ') || 'none'}`,
      `E-mail domains: ${s.domains.join(', ') || 'none'}`,
      `Unknown students created by sign-in: ${s.createStudents ? 'yes' : 'no'}`,
    ].join('\n');
  };
  const change = async (id: number, edit: Parameters<typeof changeSsoSettings>[3]) => {
    try {
      await changeSsoSettings(db, sso, id, edit, CLI_ACTOR, now);
    } catch (error) {
      if (error instanceof SsoSettingsError) throw new AdminError(error.message);
      throw error;
    }
    return `Saved.\n${await describe(id)}`;
  };
  switch (sub) {
    case 'list':
      return describe(await schoolId(db, values.school));
    case 'enable':
    case 'disable': {
      const id = await schoolId(db, values.school);
      const p = provider(a);
      const { enabled } = await readSsoSettings(db, sso, id);
      return change(id, { enabled: sub === 'enable' ? [...enabled, p] : enabled.filter((e) => e !== p) });
    }
    case 'domains': {
      const id = await schoolId(db, values.school);
      if (!a) throw new StaffUsageError('Usage: npm run admin -- sso domains <domain,domain…|none> --school <ID>');
      return change(id, { domains: a === 'none' ? [] : a.split(',').map((d) => d.trim()).filter(Boolean) });
    }
    case 'create-students': {
      const id = await schoolId(db, values.school);
      if (a !== 'yes' && a !== 'no') throw new StaffUsageError('Usage: npm run admin -- sso create-students <yes|no> --school <ID>');
      return change(id, { createStudents: a === 'yes' });
    }
    case 'links': {
      const links = await linksOfUser(db, await userId(db, a));
      return links.length === 0 ? 'No school sign-in is linked.' : links.map((l) => `${l.provider}\t${l.email ?? ''}\tlinked ${new Date(l.linkedAt).toISOString()}`).join('\n');
    }
    case 'unlink': {
      const id = await userId(db, a);
      if (!(await unlink(db, id, provider(b), CLI_ACTOR, now))) throw new AdminError(`"${a}" has no ${b} link.`);
      return 'Unlinked.';
    }
    default:
      throw new StaffUsageError(`Usage: npm run admin -- ${USAGE}`);
  }
}
