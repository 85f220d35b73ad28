/** The catalog tree of a school's content, as assignments name it (from the catalog's cache). */
import type { Db } from '../../db';
import { loadTree, schoolCatalog, type TreeModule } from '../catalog/repository';

export async function schoolTree(db: Db, lsclientID: string): Promise<TreeModule[]> {
  const school = await schoolCatalog(db, lsclientID);
  return loadTree(db, school.slugs, school.contentVersion);
}
