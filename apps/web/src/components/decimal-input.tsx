/**
 * PercentInput and MoneyInput: the one pair of numeric inputs every screen uses. The box
 * keeps what the user types; on blur it parses with the domain's field rules
 * (parseMoneyField, parsePercentField): a good value is committed, bad input restores the
 * previous value and shows the domain's message for it under the box. Values are bigint micro-units, never floats.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { formatMoneyEditable, formatPercentPlain, parseMoneyField, parsePercentField, PERCENT_100, type FieldResult } from '@pos/domain';

type BaseProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'error' | 'min' | 'max'> & {
  value: bigint;
  onChange: (value: bigint) => void;
  /** An error from elsewhere (e.g. the server) shown until the user edits the box. */
  error?: string | null;
};

function DecimalInput({ value, onChange, error: outsideError, format, parse, onBlur, onFocus, ...rest }: BaseProps & { format: (v: bigint) => string; parse: (text: string, previous: bigint) => FieldResult }) {
  // What the user types while in the box; otherwise the box shows the value, so a change
  // from outside shows at once, and none disturbs the user's typing.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = typed ?? format(value);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={error ?? outsideError ?? undefined}
      onFocus={(event) => {
        setTyped(format(value));
        onFocus?.(event);
      }}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        setError(null);
      }}
      onBlur={(event) => {
        setTyped(null);
        const result = parse(text, value);
        setError(result.error);
        if (result.error === null && result.value !== value) onChange(result.value);
        onBlur?.(event);
      }}
    />
  );
}

/** `form.getInputProps(path)` of a form field holding bigint micro-units, for these boxes. */
export function microUnitsField(props: GetInputPropsReturnType): Pick<BaseProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'> {
  return { ...props, value: props.value as bigint };
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
