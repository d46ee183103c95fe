import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { messages } from '@portal/domain';
import dayjs from 'dayjs';
import classes from './calendar.module.css';
import { type CalendarItem, itemsOn } from './calendar-items';

const m = messages.calendar;

/** The list view: each day of the month that has something, with its deadlines and events. */
export function EventList({
  days,
  items,
  onOpen,
}: {
  days: string[];
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
}) {
  const busy = days.map((date) => ({ date, items: itemsOn(items, date) })).filter((d) => d.items.length > 0);
  if (busy.length === 0) return <Text>{m.emptyList}</Text>;
  return (
    <Stack gap="md">
      {busy.map(({ date, items: onDay }) => (
        <section key={date} aria-labelledby={`day-${date}`}>
          <Title order={2} size="h5" id={`day-${date}`} mb={6}>
            {dayjs(date).format('dddd, MM/DD/YYYY')}
          </Title>
          <Stack gap={6}>
            {onDay.map((item) => (
              <Card
                key={item.key}
                withBorder
                padding="sm"
                radius="md"
                className={classes.listCard}
                data-kind={item.kind}
              >
                <UnstyledButton onClick={() => onOpen(item)} className={classes.listButton}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={2}>
                      <Text fw={600}>{item.title}</Text>
                      <Text size="sm" c="dimmed">
                        {item.time ?? m.allDay}
                        {item.kind === 'event' && item.event.location ? ` · ${item.event.location}` : ''}
                      </Text>
                    </Stack>
                    <Badge
                      variant="light"
                      color={item.kind === 'deadline' ? 'orange' : 'blue'}
                      style={{ flexShrink: 0 }}
                    >
                      {item.kind === 'deadline' ? m.complianceDeadline : m.firmEvent}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </Card>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
