/**
 * A roadmap entry as the screen holds it (dates as Date, parsed once on receipt), the
 * status labels, and the dialog's values: to and from an entry, checked with the
 * server's own input schema, and turned into what /roadmap/roadmap's create and update take.
 */
import { ZRoadmapEntryInput, type RoadmapEntry, type RoadmapStatus } from '@pos/contracts';
import { requestResolver } from '../../lib/form-validation';
import { toDayString } from '../../lib/local-day';
import { fromServerDate, toServerDate } from './roadmap-dates';

export interface RoadmapRow {
  id: number;
  title: string;
  description: string;
  requestor: string | null;
  estimatedCompletion: Date | null;
  actualCompletion: Date | null;
  status: RoadmapStatus;
}

export const STATUS_LABELS: Record<RoadmapStatus, string> = {
  in_progress: 'In Progress',
  completed: 'Completed',
};

export const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as RoadmapStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));

export const NOT_COMPLETED = 'Not completed';

/** An entry as the server sends it (dates as ISO text) to a row. */
export function toRoadmapRow(entry: RoadmapEntry): RoadmapRow {
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    requestor: entry.requestor ? entry.requestor : null,
    estimatedCompletion: fromServerDate(entry.estimatedCompletion),
    actualCompletion: fromServerDate(entry.actualCompletion),
    status: entry.status,
  };
}

/** The dialog's values; dates are calendar days ('YYYY-MM-DD') or null. */
export interface RoadmapFormValues {
  title: string;
  description: string;
  requestor: string;
  estimatedCompletion: string | null;
  actualCompletion: string | null;
  status: RoadmapStatus;
}

export const EMPTY_FORM: RoadmapFormValues = {
  title: '',
  description: '',
  requestor: '',
  estimatedCompletion: null,
  actualCompletion: null,
  status: 'in_progress',
};

export function formValuesOf(row: RoadmapRow): RoadmapFormValues {
  return {
    title: row.title,
    description: row.description,
    requestor: row.requestor ?? '',
    estimatedCompletion: toDayString(row.estimatedCompletion),
    actualCompletion: toDayString(row.actualCompletion),
    status: row.status,
  };
}

/** The entry create and update send: text trimmed, an empty requestor none, days at 07:00 local. */
export function toEntryInput(values: RoadmapFormValues) {
  const requestor = values.requestor.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    requestor: requestor === '' ? null : requestor,
    estimatedCompletion: toServerDate(values.estimatedCompletion) ?? '',
    actualCompletion: toServerDate(values.actualCompletion),
    status: values.status,
  };
}

export type RoadmapEntryRequest = ReturnType<typeof toEntryInput>;

/** The dialog's checks (Title, Description and Estimated Completion are required): the server's schema. */
export const validateForm = requestResolver(ZRoadmapEntryInput, toEntryInput);
