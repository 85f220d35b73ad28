/**
 * The service registry (SPEC §7 services): each name is served by an upstream base URL when
 * config names one (SERVICE_<NAME>_URL), otherwise by its in-process module (possibly empty).
 */
import { SERVICE_NAMES, type ServiceName } from '../../common/constants';
import type { Config } from '../config';
import { authModule } from './auth/module';
import { oneLookModule } from './onelook/module';
import type { ServiceModule } from './types';

export type ServiceBinding = { kind: 'module'; module: ServiceModule } | { kind: 'upstream'; baseUrl: string };

const EMPTY: ServiceModule = { routes: [] };

export const IN_PROCESS_MODULES: Partial<Record<ServiceName, ServiceModule>> = {
  Auth: authModule,
  OneLook: oneLookModule,
};

export class ServiceRegistry {
  private readonly bindings = new Map<string, { name: ServiceName; binding: ServiceBinding }>();

  constructor(config: Pick<Config, 'services'>, modules: Partial<Record<ServiceName, ServiceModule>> = IN_PROCESS_MODULES) {
    for (const name of SERVICE_NAMES) {
      const baseUrl = config.services[name];
      const binding: ServiceBinding = baseUrl ? { kind: 'upstream', baseUrl } : { kind: 'module', module: modules[name] ?? EMPTY };
      this.bindings.set(name.toLowerCase(), { name, binding });
    }
  }

  /** Service names are matched case-insensitively. */
  resolve(name: string): { name: ServiceName; binding: ServiceBinding } | undefined {
    return this.bindings.get(name.toLowerCase());
  }
}
