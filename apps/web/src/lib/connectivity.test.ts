import { describe, expect, it } from 'vitest';
import { createConnectivity, isConnectFailure } from './connectivity';

describe('connectivity', () => {
  it('is offline when the browser says so, and back when it says online', () => {
    const c = createConnectivity(true, () => Promise.resolve(true));
    const seen: boolean[] = [];
    c.subscribe(() => seen.push(c.isOnline()));
    c.browserChanged(false);
    c.browserChanged(true);
    expect(seen).toEqual([false, true]);
  });

  it('a failed call counts only when the server does not answer /health either; any answer puts it back', async () => {
    let answers = true;
    const c = createConnectivity(true, () => Promise.resolve(answers));
    await c.noteCallFailed();
    expect(c.isOnline()).toBe(true);
    answers = false;
    await c.noteCallFailed();
    expect(c.isOnline()).toBe(false);
    c.noteReached();
    expect(c.isOnline()).toBe(true);
  });

  it('tells a call with no answer from an answered or aborted one', () => {
    expect(isConnectFailure(Object.assign(new Error('Failed to fetch'), { cause: new TypeError('Failed to fetch') }))).toBe(true);
    expect(isConnectFailure(Object.assign(new Error('Bad'), { data: { httpStatus: 400 } }))).toBe(false);
    expect(isConnectFailure(Object.assign(new Error('aborted'), { cause: new DOMException('aborted', 'AbortError') }))).toBe(false);
  });
});
