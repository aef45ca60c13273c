/**
 * The one date box of the app: the browser's own date input (a calendar day,
 * 'YYYY-MM-DD'), so every screen's date looks and types alike, a phone opens its own
 * picker, and no date library is loaded for it. '' is no day.
 */
import type { ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { parseDay, toDayString } from '../lib/local-day';

export interface DayInputProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'min' | 'max'> {
  value?: string | null | undefined;
  onChange: (day: string) => void;
  /** The earliest and latest days the box offers ('YYYY-MM-DD'). */
  min?: string | null | undefined;
  max?: string | null | undefined;
}

export function DayInput({ value, onChange, min, max, ...props }: DayInputProps) {
  return <TextInput type="date" {...props} value={value ?? ''} min={min ?? undefined} max={max ?? undefined} onChange={(event) => onChange(event.currentTarget.value)} />;
}

/** A form field holding a Date (or null) shown in a DayInput: the day of the Date in, local midnight of the day out. */
export function dateAsDay(field: GetInputPropsReturnType): Pick<DayInputProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'> {
  const value: unknown = field.value;
  const onChange = field.onChange as (value: Date | null) => void;
  return {
    value: value instanceof Date ? toDayString(value) : null,
    onChange: (day) => onChange(parseDay(day)?.toDate() ?? null),
    error: field.error as ReactNode,
    onFocus: field.onFocus as DayInputProps['onFocus'],
    onBlur: field.onBlur as DayInputProps['onBlur'],
  };
}
