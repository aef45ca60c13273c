import { beforeEach, describe, expect, it } from 'vitest';
import { claimHeadingFocus, noteNavigation, resetPageFocus } from './page-focus';

const body = { tag: 'body' } as unknown as Element;
const button = { tag: 'button' } as unknown as Element;

describe('page heading focus', () => {
  beforeEach(() => resetPageFocus());

  it('leaves focus alone on the first page load', () => {
    expect(claimHeadingFocus(body, body)).toBe(false);
  });

  it('moves focus to the heading of the page the router moved to, once', () => {
    claimHeadingFocus(body, body);
    noteNavigation({ fromLocation: {}, pathChanged: true });
    expect(claimHeadingFocus(button, body)).toBe(true);
    expect(claimHeadingFocus(button, body)).toBe(false);
  });

  it('ignores the first location and moves that stay on the same path', () => {
    noteNavigation({ pathChanged: true });
    expect(claimHeadingFocus(button, body)).toBe(false);
    noteNavigation({ fromLocation: {}, pathChanged: false });
    expect(claimHeadingFocus(button, body)).toBe(false);
  });

  it('takes focus when a screen swaps its content and focus was lost with the old content', () => {
    claimHeadingFocus(body, body);
    expect(claimHeadingFocus(body, body)).toBe(true);
    expect(claimHeadingFocus(button, body)).toBe(false);
  });
});
