import { Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  className?: string;
}

/**
 * A labelled whole-number input. What is typed stays as typed while it is being edited (an empty
 * box mid-edit is fine); valid numbers are clamped and applied at once, blur restores the value.
 */
export function NumberField({ label, value, min, max, onChange, className }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <Field label={label} className={className}>
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(_e, data) => {
          setText(data.value);
          const number = Number.parseInt(data.value, 10);
          if (Number.isFinite(number)) onChange(Math.min(max, Math.max(min, number)));
        }}
        onBlur={() => setText(String(value))}
      />
    </Field>
  );
}
