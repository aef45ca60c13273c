import { describe, expect, it } from 'vitest';
import { isOwnMessage, ZItemLabelsInput, ZItemLabelsOutput } from '../src';

/** The first issue's path and message, as the API's formatter words it. */
function firstIssue(input: unknown) {
  const issue = ZItemLabelsInput.safeParse(input).error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message, own: isOwnMessage(issue.message) } : null;
}

describe('price tags input', () => {
  it('takes 1 to 500 item ids (a repeated id prints again) on any template', () => {
    for (const template of ['THERMAL_2_25x1_25', 'JEWELRY_2_25x0_75', 'AVERY_5160']) {
      expect(ZItemLabelsInput.parse({ itemIds: [3, '4', 3], template })).toEqual({ itemIds: [3, 4, 3], template });
    }
    expect(ZItemLabelsInput.safeParse({ itemIds: Array.from({ length: 500 }, (_, i) => i + 1), template: 'AVERY_5160' }).success).toBe(true);
  });

  it('refuses no items, more than 500, and ids that are not ids', () => {
    expect(firstIssue({ itemIds: [], template: 'AVERY_5160' })).toEqual({ path: 'itemIds', message: 'Choose at least one item to print', own: true });
    expect(firstIssue({ template: 'AVERY_5160' })).toEqual({ path: 'itemIds', message: 'Choose at least one item to print', own: true });
    expect(firstIssue({ itemIds: Array.from({ length: 501 }, (_, i) => i + 1), template: 'AVERY_5160' })).toEqual({
      path: 'itemIds',
      message: 'At most 500 tags can be printed at once',
      own: true,
    });
    expect(firstIssue({ itemIds: [0], template: 'AVERY_5160' })?.path).toBe('itemIds.0');
    expect(firstIssue({ itemIds: [1.5], template: 'AVERY_5160' })?.path).toBe('itemIds.0');
  });

  it('names the templates when given another', () => {
    expect(firstIssue({ itemIds: [1], template: 'DYMO_30336' })).toEqual({
      path: 'template',
      message: 'Template must be one of THERMAL_2_25x1_25, JEWELRY_2_25x0_75, AVERY_5160',
      own: true,
    });
  });

  it('takes a start position of 1 to 30 on an Avery sheet, absent or null meaning the top left', () => {
    expect(ZItemLabelsInput.parse({ itemIds: [1], template: 'AVERY_5160', startAt: 17 }).startAt).toBe(17);
    expect(ZItemLabelsInput.parse({ itemIds: [1], template: 'AVERY_5160', startAt: 30 }).startAt).toBe(30);
    expect(ZItemLabelsInput.parse({ itemIds: [1], template: 'AVERY_5160', startAt: null }).startAt).toBeNull();
    for (const startAt of [0, 31, 2.5, '17']) {
      expect(firstIssue({ itemIds: [1], template: 'AVERY_5160', startAt })).toEqual({ path: 'startAt', message: 'Start position must be a whole number from 1 to 30', own: true });
    }
  });

  it('refuses a start position on a roll, where every tag is a page of its own', () => {
    expect(firstIssue({ itemIds: [1], template: 'THERMAL_2_25x1_25', startAt: 2 })).toEqual({ path: 'startAt', message: 'Start position is only for Avery 5160 sheets', own: true });
    expect(firstIssue({ itemIds: [1], template: 'JEWELRY_2_25x0_75', startAt: 1 })?.message).toBe('Start position is only for Avery 5160 sheets');
  });
});

describe('price tags answer', () => {
  it('is a named PDF in base64', () => {
    const answer = { filename: 'price-tags.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' };
    expect(ZItemLabelsOutput.parse(answer)).toEqual(answer);
    expect(ZItemLabelsOutput.safeParse({ ...answer, contentType: 'text/html' }).success).toBe(false);
  });
});
