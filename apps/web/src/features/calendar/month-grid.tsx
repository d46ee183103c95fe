import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { calendarScreenMessages as ui } from '@portal/domain';
import dayjs from 'dayjs';
import classes from './calendar.module.css';
import { type CalendarItem, itemsOn, monthWeeks } from './calendar-items';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function ItemChip({ item, onOpen }: { item: CalendarItem; onOpen: (item: CalendarItem) => void }) {
  return (
    <UnstyledButton className={classes.chip} data-kind={item.kind} onClick={() => onOpen(item)} title={item.title}>
      {item.time && <span className={classes.chipTime}>{item.time.split(' – ')[0]} </span>}
      {item.title}
    </UnstyledButton>
  );
}

/** The month view: a table of weeks, each day listing its deadlines and events. */
export function MonthGrid({
  month,
  today,
  items,
  onOpen,
}: {
  month: string;
  today: string;
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
}) {
  return (
    <table className={classes.grid}>
      <VisuallyHidden component="caption">{dayjs(`${month}-01`).format('MMMM YYYY')}</VisuallyHidden>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const onDay = itemsOn(items, date);
              const outside = !date.startsWith(month);
              return (
                <td key={date} className={classes.day} data-outside={outside || undefined} data-date={date}>
                  <Text
                    size="sm"
                    fw={date === today ? 700 : 500}
                    c={outside ? 'gray.7' : undefined}
                    className={classes.dayNumber}
                  >
                    {date === today ? <span className={classes.today}>{dayjs(date).date()}</span> : dayjs(date).date()}
                    {date === today && <VisuallyHidden component="span"> {ui.today}</VisuallyHidden>}
                  </Text>
                  {onDay.map((item) => (
                    <ItemChip key={item.key} item={item} onOpen={onOpen} />
                  ))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
