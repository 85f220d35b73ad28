/**
 * The single lists of the zxcvbn-ts language packages, imported one by one (ui/passwordMeter.ts) so
 * the meter's chunk carries only the lists it uses; the packages type only their index.
 */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.js' {
  const list: string[];
  export default list;
}
declare module '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.js' {
  import type { OptionsGraph } from '@zxcvbn-ts/core/dist/types';
  const graphs: OptionsGraph;
  export default graphs;
}
declare module '@zxcvbn-ts/language-en/dist/commonWords.json.js' {
  const list: string[];
  export default list;
}
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.js' {
  const list: string[];
  export default list;
}
declare module '@zxcvbn-ts/language-en/dist/translations.js' {
  import type { TranslationKeys } from '@zxcvbn-ts/core/dist/types';
  const translations: TranslationKeys;
  export default translations;
}
