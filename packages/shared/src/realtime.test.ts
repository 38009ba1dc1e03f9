import { describe, expect, test } from 'vitest';
import { REALTIME_RETRY_MAX_MS, realtimeRetryDelay } from './realtime.ts';

describe('realtimeRetryDelay', () => {
  test('1 s, then twice as long each time, never above the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(realtimeRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(realtimeRetryDelay(0)).toBe(1000);
    expect(realtimeRetryDelay(1000)).toBe(REALTIME_RETRY_MAX_MS);
  });
});
