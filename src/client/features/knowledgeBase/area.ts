/** The knowledge base area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { knowledgeBaseSaga } from './sagas';
import { knowledgeBasePreloaded, knowledgeBaseReducer } from './slice';

export const knowledgeBaseArea: Area = {
  name: 'knowledgeBase',
  reducers: { knowledgeBase: knowledgeBaseReducer },
  saga: () => knowledgeBaseSaga(),
  preloaded: knowledgeBasePreloaded,
};
