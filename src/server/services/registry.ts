/**
 * The service registry (SPEC §7 services). Every service has ONE route table (its module): the
 * allowlist of (method, path pattern) with each route's access, `useSystem` rule and payload
 * schema. The proxy checks a call against that table whoever serves it; then the route's handler
 * answers in-process, or, when config names an upstream base URL (SERVICE_<NAME>_URL), the checked
 * call is forwarded there. A route without a handler can only be forwarded; a call to a path or
 * method the table does not list is refused before anything is sent upstream.
 */
import { SERVICE_NAMES, type ServiceName } from '../../common/constants';
import type { Config } from '../config';
import { authModule } from './auth/module';
import { oneLookModule } from './onelook/module';
import type { ServiceModule } from './types';

export interface ResolvedService {
  name: ServiceName;
  /** the service's route table: the allowlist every call passes, local or upstream */
  module: ServiceModule;
  /** the configured upstream base URL, or null when the routes' handlers answer in-process */
  upstream: string | null;
}

const EMPTY: ServiceModule = { routes: [] };

/**
 * The product's route tables. Campaign, Communication, File, Workflow and Legacy list no route
 * yet: a call the SPA is to make to one of them is declared here first (method, path, access,
 * allowSystem?, payloadSchema?, and no handler when only its upstream serves it).
 */
export const IN_PROCESS_MODULES: Partial<Record<ServiceName, ServiceModule>> = {
  Auth: authModule,
  OneLook: oneLookModule,
};

export class ServiceRegistry {
  private readonly services = new Map<string, ResolvedService>();

  constructor(config: Pick<Config, 'services'>, modules: Partial<Record<ServiceName, ServiceModule>> = IN_PROCESS_MODULES) {
    for (const name of SERVICE_NAMES) {
      this.services.set(name.toLowerCase(), { name, module: modules[name] ?? EMPTY, upstream: config.services[name] ?? null });
    }
  }

  /** Service names are matched case-insensitively. */
  resolve(name: string): ResolvedService | undefined {
    return this.services.get(name.toLowerCase());
  }
}
