import { Select, type SelectProps } from '@mantine/core';
import { messages, US_STATES } from '@portal/domain';

export type StateSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * The 50 US states by full name, searchable and clearable. A value stored before the
 * list existed (say "TX") is offered too, so the field never looks empty when it is not.
 */
export function StateSelect({ value, readOnly, ...props }: StateSelectProps) {
  const data: string[] =
    value && !(US_STATES as readonly string[]).includes(value) ? [value, ...US_STATES] : [...US_STATES];
  return (
    <Select
      data={data}
      searchable
      // Focused as the first field in error, an open list would cover its message; a click opens it.
      openOnFocus={false}
      clearable={!readOnly}
      readOnly={readOnly}
      nothingFoundMessage={messages.states.noMatch}
      value={value || null}
      {...props}
    />
  );
}
