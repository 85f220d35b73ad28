import { guideApi } from '../../../common/teacherGuide';

/** The catalog's OneLook paths (server: src/server/services/catalog/routes.ts). */
export const catalogApi = {
  ...guideApi,
  catalog: '/catalog',
  module: (m: string) => `/catalog/modules/${m}`,
  material: (m: string, mat: string) => `/catalog/modules/${m}/materials/${mat}`,
  section: (m: string, mat: string, s: string) => `/catalog/modules/${m}/materials/${mat}/sections/${s}`,
  review: (m: string, mat: string) => `/catalog/modules/${m}/materials/${mat}/review`,
  moduleTest: (m: string, kind: 'pre-test' | 'post-test') => `/catalog/modules/${m}/${kind}`,
  summary: '/progress/summary',
  transcripts: '/transcripts',
  bookmarks: '/bookmarks',
  certificate: (m: string) => `/certificates/modules/${m}`,
  verify: (code: string) => `/certificates/verify/${encodeURIComponent(code)}`,
};
