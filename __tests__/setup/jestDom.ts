import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages load lazily (one chunk per area). On a loaded 2-core CI machine the first render of a lazy
// page can take longer than Testing Library's default 1 s wait; a wait is not an assertion, so give
// findBy*/waitFor the same budget as a person would.
configure({ asyncUtilTimeout: 5000 });
