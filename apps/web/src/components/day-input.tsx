/**
 * The one date box of the app: the browser's own date input (a calendar day,
 * 'YYYY-MM-DD'), so every screen's date looks and types alike, a phone opens its own
 * picker, and no date library is loaded for it. '' is no day.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

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
