/**
 * Queries the accounts routes make themselves. The account logic beside it (registration,
 * passwords, profile, access codes, admin, verification codes) runs its own queries.
 */
import type { Db } from '../../db';

/** The school and product names an access code grants, for the learner's confirmation. */
export async function accessCodeNames(db: Db, code: { client_id: number; product_id: number }): Promise<{ school: string; product: string }> {
  const school = await db.selectFrom('clients').select('name').where('id', '=', code.client_id).executeTakeFirstOrThrow();
  const product = await db.selectFrom('products').select('name').where('id', '=', code.product_id).executeTakeFirstOrThrow();
  return { school: school.name, product: product.name };
}
