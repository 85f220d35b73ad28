/** The knowledge base's OneLook paths (server: src/server/services/knowledgeBase/routes.ts). */
const enc = encodeURIComponent;

const articlePath = (topic: string, article: string) => `/kb/articles/${enc(topic)}/${enc(article)}`;

export const kbApi = {
  home: '/kb',
  search: '/kb/search',
  topic: (slug: string) => `/kb/topics/${enc(slug)}`,
  article: articlePath,
  bookmark: (topic: string, article: string) => `${articlePath(topic, article)}/bookmark`,
};
