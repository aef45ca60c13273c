/**
 * PercentInput and MoneyInput: the one pair of numeric inputs every screen uses. The box
 * keeps what the user types; on blur it parses with the domain's field rules (SPEC 5):
 * a good value is committed, bad input restores the previous value and shows the spec's
 * message under the box. Values are bigint micro-units, never floats.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatMoneyEditable, formatPercentPlain, parseMoneyField, parsePercentField, PERCENT_100, type FieldResult } from '@pos/domain';

type BaseProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'error' | 'min' | 'max'> & {
  value: bigint;
  onChange: (value: bigint) => void;
  /** An error from elsewhere (e.g. the server) shown until the user edits the box. */
  error?: string | null;
};

function DecimalInput({ value, onChange, error: outsideError, format, parse, onBlur, onFocus, ...rest }: BaseProps & { format: (v: bigint) => string; parse: (text: string, previous: bigint) => FieldResult }) {
  const [text, setText] = useState(() => format(value));
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Follow value changes from outside while the user is not typing in this box.
  useEffect(() => {
    if (!focused) setText(format(value));
  }, [value, focused, format]);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={error ?? outsideError ?? undefined}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setError(null);
      }}
      onBlur={(event) => {
        setFocused(false);
        const result = parse(text, value);
        setError(result.error);
        setText(format(result.value));
        if (result.error === null && result.value !== value) onChange(result.value);
        onBlur?.(event);
      }}
    />
  );
}

export type PercentInputProps = BaseProps & { min?: bigint; max?: bigint };

export function PercentInput({ min = 0n, max = PERCENT_100, ...props }: PercentInputProps) {
  return (
    <DecimalInput
      rightSection="%"
      {...props}
      format={formatPercentPlain}
      parse={(text, previous) => parsePercentField(text, previous, min, max)}
    />
  );
}

export function MoneyInput(props: BaseProps) {
  return <DecimalInput leftSection="$" {...props} format={formatMoneyEditable} parse={parseMoneyField} />;
}
