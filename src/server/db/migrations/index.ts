import type { Migration, MigrationProvider } from 'kysely';
import { migration0001 } from './0001_initial';
import { migration0002 } from './0002_outbox';
import { migration0008 } from './0008_budgets_worksheets';

/** In-code provider: the compiled server needs no migration folder on disk. Names sort in order. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001_initial': migration0001,
      '0002_outbox': migration0002,
      '0008_budgets_worksheets': migration0008,
    };
  },
};
