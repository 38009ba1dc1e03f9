import type { RealtimeEvent } from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type RealtimeHandler, realtimeUrl, useRealtime, useRealtimeOpen } from './realtime';

test('the socket is on the page’s own server, wss: under https:', () => {
  expect(realtimeUrl({ protocol: 'http:', host: 'drive.local:8080' })).toBe('ws://drive.local:8080/ws');
  expect(realtimeUrl({ protocol: 'https:', host: 'drive.example.com' })).toBe('wss://drive.example.com/ws');
});

/** Stands in for the browser's WebSocket: the test opens, pushes and closes it by hand. */
class StandInSocket {
  static made: StandInSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    StandInSocket.made.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

function Shell({ handle }: { handle: RealtimeHandler }) {
  useRealtime(handle, 1500);
  return <p>{useRealtimeOpen() ? 'open' : 'closed'}</p>;
}

describe('useRealtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    StandInSocket.made = [];
    vi.stubGlobal('WebSocket', StandInSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('opens after the first screen, hands on pushes, and opens again after 1 s, 2 s ... when closed', () => {
    const handled: (RealtimeEvent | null)[] = [];
    const handle: RealtimeHandler = (_client, event) => handled.push(event);
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <Shell handle={handle} />
      </QueryClientProvider>,
    );
    expect(StandInSocket.made).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1500));
    expect(StandInSocket.made).toHaveLength(1);
    const first = StandInSocket.made[0];
    expect(first.url).toBe(`ws://${window.location.host}/ws`);
    act(() => first.onopen?.());
    expect(screen.getByText('open')).toBeTruthy();
    // Opened: whatever was missed is asked again (null), then pushes are handed on; junk is not.
    const push: RealtimeEvent = { type: 'chat.read', conversation: { type: 3, id: 4 } };
    act(() => first.onmessage?.({ data: JSON.stringify(push) }));
    act(() => first.onmessage?.({ data: 'not json' }));
    expect(handled).toEqual([null, push]);

    act(() => first.close());
    expect(screen.getByText('closed')).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(StandInSocket.made).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(StandInSocket.made).toHaveLength(2);
    // It fails again before opening: the next try waits twice as long.
    act(() => StandInSocket.made[1].close());
    act(() => vi.advanceTimersByTime(1999));
    expect(StandInSocket.made).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(StandInSocket.made).toHaveLength(3);

    // Leaving the shell (logging out) closes it for good.
    const last = StandInSocket.made[2];
    view.unmount();
    expect(last.closed).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(StandInSocket.made).toHaveLength(3);
  });
});
