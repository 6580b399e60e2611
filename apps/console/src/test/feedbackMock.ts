import { vi } from 'vitest';

/**
 * The mock of lib/feedback every page test installs with
 * `vi.mock('…/lib/feedback', async () => (await import('…/test/feedbackMock')).feedbackMock)`. It sits
 * apart from the harness, which imports the app (and so lib/feedback) itself.
 */
export const feedbackMock = {
  showError: vi.fn(),
  showSuccess: vi.fn(),
  setMessageInstance: vi.fn(),
};
