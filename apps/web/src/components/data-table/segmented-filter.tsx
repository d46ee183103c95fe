import { useId } from 'react';
import classes from './segmented-filter.module.css';

interface SegmentedFilterProps {
  /** The group's accessible name, say 'Status'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: readonly { value: string; label: string }[];
}

/**
 * A list filter with a few choices, side by side: a group of native radios (arrow keys move between
 * them, screen readers announce "radio, 2 of 3"). It looks like Mantine's SegmentedControl but draws
 * no sliding indicator: that measures the page (getBoundingClientRect, getComputedStyle) on mount and
 * on every resize, a forced layout of the whole list each time.
 */
export function SegmentedFilter({ label, value, onChange, data }: SegmentedFilterProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {data.map((item) => (
        <div key={item.value} className={classes.control}>
          <input
            type="radio"
            className={classes.input}
            id={`${name}-${item.value}`}
            name={name}
            value={item.value}
            checked={value === item.value}
            onChange={() => onChange(item.value)}
          />
          <label htmlFor={`${name}-${item.value}`} className={classes.label}>
            {item.label}
          </label>
        </div>
      ))}
    </div>
  );
}
