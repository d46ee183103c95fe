import { Select } from '@mantine/core';
import { attestationPeriodOn, fiscalYearsUpTo, commonScreenMessages as ui } from '@portal/domain';
import { portalToday } from '../../lib/dates';

/** A period filter's value before anyone picks one: the period being filed now, as the server says. */
export const CURRENT = 'current';
const QUARTERS = ['1', '2', '3', '4'];

/** The values a period filter accepts (a hand-edited link with another one means the current period). */
export const periodFilterSpecs = () => {
  const years = fiscalYearsUpTo(portalToday()).map(String);
  return {
    fiscalYear: { initial: CURRENT, allowed: [CURRENT, ...years] },
    fiscalQuarter: { initial: CURRENT, allowed: [CURRENT, ...QUARTERS] },
  };
};

/** The period's query parameters: none for "the current one", which the server then decides. */
export const periodParams = (p: { fiscalYear: string; fiscalQuarter: string }) => ({
  fiscalYear: p.fiscalYear === CURRENT ? null : p.fiscalYear,
  fiscalQuarter: p.fiscalQuarter === CURRENT ? null : p.fiscalQuarter,
});

interface PeriodSelectsProps {
  fiscalYear: string;
  fiscalQuarter: string;
  /** The period the server answered for; until it has, the one the same rule gives on today. */
  shown: { fiscalYear: number; fiscalQuarter: number } | undefined;
  onChange: (name: 'fiscalYear' | 'fiscalQuarter', value: string) => void;
}

/**
 * Fiscal year and quarter of a status list, as the attestations list offers them (FY 2017 up to now,
 * Q1 to Q4) but with no 'All': a status is a period's. A filter left at CURRENT shows the period the
 * server took, so the browser's clock never disagrees with the rows on a quarter's first day.
 */
export function PeriodSelects({ fiscalYear, fiscalQuarter, shown, onChange }: PeriodSelectsProps) {
  const today = portalToday();
  const period = shown ?? attestationPeriodOn(today);
  const years = fiscalYearsUpTo(today).map(String);
  return (
    <>
      <Select
        aria-label={ui.fiscalYear}
        data={years.map((y) => ({ value: y, label: ui.fiscalYearOption(y) }))}
        value={fiscalYear === CURRENT ? String(period.fiscalYear) : fiscalYear}
        onChange={(value) => value && onChange('fiscalYear', value)}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <Select
        aria-label={ui.fiscalQuarter}
        data={QUARTERS.map((q) => ({ value: q, label: `Q${q}` }))}
        value={fiscalQuarter === CURRENT ? String(period.fiscalQuarter) : fiscalQuarter}
        onChange={(value) => value && onChange('fiscalQuarter', value)}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
    </>
  );
}
