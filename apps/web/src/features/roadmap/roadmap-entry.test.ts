import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EMPTY_FORM, formValuesOf, NOT_COMPLETED, STATUS_LABELS, STATUS_OPTIONS, toEntryInput, toRoadmapRow, validateForm } from './roadmap-entry';

const originalTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('roadmap entries on the screen', () => {
  test('status labels and the dialog options', () => {
    expect(STATUS_LABELS).toEqual({ in_progress: 'In Progress', completed: 'Completed' });
    expect(STATUS_OPTIONS).toEqual([
      { value: 'in_progress', label: 'In Progress' },
      { value: 'completed', label: 'Completed' },
    ]);
    expect(NOT_COMPLETED).toBe('Not completed');
    expect(EMPTY_FORM.status).toBe('in_progress');
  });

  test('a server entry becomes a row with dates, and back into the dialog by local day', () => {
    const row = toRoadmapRow({
      id: 7,
      title: 'T',
      description: 'D',
      requestor: null,
      estimatedCompletion: '2026-12-01T13:00:00.000Z',
      actualCompletion: null,
      status: 'in_progress',
    });
    expect(row.estimatedCompletion?.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(row.actualCompletion).toBeNull();
    expect(formValuesOf(row)).toEqual({
      title: 'T',
      description: 'D',
      requestor: '',
      estimatedCompletion: '2026-12-01',
      actualCompletion: null,
      status: 'in_progress',
    });
  });

  test('title, description and estimated completion are required', () => {
    expect(validateForm(EMPTY_FORM)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      estimatedCompletion: 'Estimated Completion is required',
    });
    expect(validateForm({ ...EMPTY_FORM, title: '  ', description: 'x', estimatedCompletion: '2026-12-01' })).toEqual({ title: 'Title is required' });
    expect(validateForm({ ...EMPTY_FORM, title: 'a', description: 'b', estimatedCompletion: '2026-12-01' })).toEqual({});
  });

  test('the input sent trims text, drops an empty requestor and sends 07:00 local with offset', () => {
    expect(
      toEntryInput({ title: ' A ', description: ' B ', requestor: '  ', estimatedCompletion: '2026-12-01', actualCompletion: '2026-07-02', status: 'completed' }),
    ).toEqual({
      title: 'A',
      description: 'B',
      requestor: null,
      estimatedCompletion: '2026-12-01T07:00:00-06:00',
      actualCompletion: '2026-07-02T07:00:00-05:00',
      status: 'completed',
    });
    expect(toEntryInput({ ...EMPTY_FORM, title: 'a', description: 'b', requestor: 'Ann', estimatedCompletion: '2026-12-01' })).toMatchObject({
      requestor: 'Ann',
      actualCompletion: null,
      status: 'in_progress',
    });
  });
});
