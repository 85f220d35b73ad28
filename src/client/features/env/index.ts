/** The env feature's public surface: what other features and app/ may use. */
export { envSaga } from './sagas';
export { selectEnvInfo, selectIsDevelopment, type EnvRootState } from './selectors';
export { envReducer, envRequested } from './slice';
