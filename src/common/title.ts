import { PRODUCT_NAME } from './constants';

/** SPEC §2: the page title, then ' - ', then the product name; the product name alone without a title. */
export function documentTitle(title: string | null | undefined, productName: string = PRODUCT_NAME): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} - ${productName}` : productName;
}
