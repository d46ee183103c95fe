import { TextInput, type TextInputProps } from '@mantine/core';
import { commonScreenMessages as ui } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { textToWireDate, wireDateToText } from '../lib/dates';

export type DateTextInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The wire's date ('2026-07-04'), text that is not a date yet, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A date typed as MM/DD/YYYY, kept as the wire's YYYY-MM-DD: no calendar to click
 * through, so it is as quick from the keyboard as on a phone's number pad ('07042026' works too).
 * What is not a date yet is handed on as typed, for the form's schema to name the problem.
 */
export function DateTextInput({ value, onChange, onBlur, ...props }: DateTextInputProps) {
  const [text, setText] = useState(() => wireDateToText(value));
  // The value this input last handed out: a different one came from outside (a reset, a pre-fill).
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(wireDateToText(value));
  }, [value]);

  return (
    <TextInput
      placeholder={ui.mmDdYyyy}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={text}
      onChange={(event) => {
        // Digits and slashes; dashes too, for a date pasted the ISO way ('2019-04-01').
        const next = event.currentTarget.value.replace(/[^\d/-]/g, '');
        setText(next);
        const wire = textToWireDate(next);
        emitted.current = wire;
        onChange(wire);
      }}
      onBlur={(event) => {
        // A complete date is shown one way only, as MM/DD/YYYY.
        if (emitted.current && /^\d{4}-\d{2}-\d{2}$/.test(emitted.current)) setText(wireDateToText(emitted.current));
        onBlur?.(event);
      }}
    />
  );
}
