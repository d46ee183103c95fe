import { NumberInput, type NumberInputProps } from '@mantine/core';

/** Dollars as the forms' currency inputs take them: '$', 2 decimals, never negative. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      thousandSeparator=","
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
