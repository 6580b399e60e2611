import { vi } from 'vitest';

/** The mock of lib/feedback every page test installs with `vi.mock('…/lib/feedback', () => feedbackMock)`. */
export const feedbackMock = {
  showFail: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
  currentToast: vi.fn(() => 0),
  withdrawToast: vi.fn(),
};
