/** The page's sagas as one chunk (index.tsx loads it beside the first screen): redux-saga, the root saga, axios. */
import { rootSaga } from './rootSaga';
import { mountSaga } from './sagaMount';

export const mountRootSaga = mountSaga(rootSaga);
