import { Anchor, Card, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { comingSoonMessages, countdownTo } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatPortalDateTime } from '../lib/dates';
import classes from './coming-soon-countdown.module.css';

const m = comingSoonMessages;

/** The time now, once a second: the countdown's clock. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.unit}>
      <Text className={classes.value} aria-hidden>
        {String(value).padStart(2, '0')}
      </Text>
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
    </Paper>
  );
}

/** Days, hours, minutes and seconds to the target; a sentence instead once it has passed (never below zero). */
function Countdown({ target }: { target: string | null }) {
  const now = useNow();
  if (!target) return <Text>{m.noDate}</Text>;
  const left = countdownTo(new Date(target), now);
  if (left.arrived) return <Text>{m.arrived}</Text>;
  return (
    <Stack gap="xs" align="center">
      {/* One sentence for a screen reader, rather than a live region that speaks every second. */}
      <VisuallyHidden>{m.countdownLabel(left.days, left.hours, left.minutes, left.seconds)}</VisuallyHidden>
      <Group gap="sm" justify="center" wrap="nowrap" data-testid="countdown">
        <Unit value={left.days} label={m.days} />
        <Unit value={left.hours} label={m.hours} />
        <Unit value={left.minutes} label={m.minutes} />
        <Unit value={left.seconds} label={m.seconds} />
      </Group>
      <Text size="sm" c="dimmed">
        {m.opensOn(formatPortalDateTime(target))}
      </Text>
    </Stack>
  );
}

export interface ComingSoonProps {
  /** 'page': the whole screen, as a launch page; 'card': inside the shell, where a switched-off entry leads. */
  variant: 'page' | 'card';
  title: string;
  message: string | null;
  target: string | null;
}

/** The coming-soon page, in its two variants (a card in the layout, a full page), counting down to the firm's date. */
export function ComingSoon({ variant, title, message, target }: ComingSoonProps) {
  const body = (
    <Stack gap="lg" align="center" ta="center">
      <Title order={1} size={variant === 'page' ? 'h1' : 'h2'}>
        {title}
      </Title>
      <Text maw={560}>{message || m.defaultMessage}</Text>
      <Countdown target={target} />
      <Anchor component={Link} to="/">
        {m.backHome}
      </Anchor>
    </Stack>
  );
  if (variant === 'page') return <div className={classes.page}>{body}</div>;
  return (
    // Less padding on a phone: the four units need the width.
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto" mt="md">
      {body}
    </Card>
  );
}
