import { afterEach, beforeEach, vi } from 'vitest';

// Tests fail on unexpected console.error (a test that expects one stubs console.error itself).
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  errorSpy?.mockRestore();
});
