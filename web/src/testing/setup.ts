// Test setup: DOM matchers and a clean DOM, storage and prefetched answers between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setDataSaver } from '@/lib/data-saver';
import { forgetCarriedAnswers } from '@/lib/first-screen-answers';
import { clearPrefetched } from '@/lib/prefetch';

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearPrefetched();
  forgetCarriedAnswers();
  setDataSaver(false);
  document.cookie = 'mtaani_data=; path=/; max-age=0';
});
