import type { RootState } from '../../app/store';

export const selectKbHome = (state: RootState) => state.knowledgeBase.home;
export const selectKbTopic = (state: RootState) => state.knowledgeBase.topic;
export const selectKbArticle = (state: RootState) => state.knowledgeBase.article;
export const selectKbSearch = (state: RootState) => state.knowledgeBase.search;
