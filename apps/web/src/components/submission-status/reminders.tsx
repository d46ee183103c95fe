import { Button } from '@mantine/core';
import { messages, personListName, type SubmissionStatusRow, commonScreenMessages as ui } from '@portal/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import type { RowAction } from '../../components/data-table/data-table';
import { notifySuccess } from '../../lib/notify';
import { sendReminder, sendReminders, submissionStatusKey } from './submission-status-api';
import { isUnfiled } from './submission-status-badge';

const m = messages.submissionStatus;

/** "Doe, Jane" as the Supervised Person column shows it; the address when the account has no name. */
export const personOf = (r: Pick<SubmissionStatusRow, 'first_name' | 'last_name' | 'email'>) => personListName(r);

/** The row action's name: an icon button reads 'Send a reminder to Doe, Jane'. */
const SEND_REMINDER = 'Send a reminder to';

/**
 * The 'Send a reminder to …' icon of a Pending or Delinquent row, offered while the rows shown are of
 * the quarter being filed now (the form files no other): it reminds that person of that quarter.
 */
export function useReminderAction(served: (Period & { reminders_open: boolean }) | undefined) {
  const reminder = useSendReminder(served);
  const action: RowAction<SubmissionStatusRow> = {
    label: SEND_REMINDER,
    icon: IconMailForward,
    placement: 'inline',
    visible: (r) => isUnfiled(r.status) && served?.reminders_open === true,
    // A person is reminded at most once a day: the server refuses another within it.
    disabled: (r) => reminder.sending(r) || remindedToday(r),
    onClick: reminder.remind,
  };
  return action;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const remindedToday = (r: SubmissionStatusRow) =>
  r.last_reminded_at !== null && Date.now() - Date.parse(r.last_reminded_at) < DAY_MS;

/**
 * Reminds one supervised person of the period whose rows are shown (`period`: the one the server
 * served). The seed said "was sent" on click, before the call returned, so a refused
 * reminder (the person filed meanwhile) still read as sent: the notice now follows the server's answer,
 * a refusal shows the server's reason, and the rows refresh to show "last reminded". A person's icon
 * is disabled while their reminder is on its way: a CCO's reminders may repeat, so a double click
 * would mail twice.
 */
function useSendReminder(period: Period | undefined) {
  const queryClient = useQueryClient();
  // The ref guards against a second click before the disabled icon is drawn; the state draws it.
  const inFlight = useRef(new Set<number>());
  const [sending, setSending] = useState<ReadonlySet<number>>(new Set());
  const settle = (userId: number, busy: boolean) => {
    if (busy) inFlight.current.add(userId);
    else inFlight.current.delete(userId);
    setSending(new Set(inFlight.current));
  };
  const send = useMutation({
    mutationFn: (row: SubmissionStatusRow) =>
      sendReminder({ supervisedPersonUserId: row.user_id, ...(period && periodOf(period)) }),
    onSuccess: () => notifySuccess(messages.attestations.notificationSent),
    onSettled: (_data, _error, row) => {
      settle(row.user_id, false);
      return queryClient.invalidateQueries({ queryKey: submissionStatusKey });
    },
  });
  return {
    remind: (row: SubmissionStatusRow) => {
      if (inFlight.current.has(row.user_id)) return;
      settle(row.user_id, true);
      send.mutate(row);
    },
    /** Whether this person's reminder is on its way. */
    sending: (row: SubmissionStatusRow) => sending.has(row.user_id),
  };
}

interface Period {
  fiscalYear: number;
  fiscalQuarter: number;
}
const periodOf = ({ fiscalYear, fiscalQuarter }: Period) => ({ fiscalYear, fiscalQuarter });

interface RemindAllButtonProps {
  /** The firm whose people are reminded; the button shows only once one is chosen. */
  firm: { id: number; name: string } | null;
  period: Period;
  /** How many have not filed (Pending and Delinquent): none, nothing to send. */
  unfiled: number;
}

/** 'Remind all pending' of a firm and period: it mails many people, so it asks first. */
export function RemindAllButton({ firm, period, unfiled }: RemindAllButtonProps) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remind = useMutation({
    mutationFn: (f: { id: number }) =>
      sendReminders({ firm: f.id, fiscalYear: period.fiscalYear, fiscalQuarter: period.fiscalQuarter }),
    onSuccess: ({ sent, skipped_inactive, skipped_recent }) =>
      notifySuccess(m.remindersSent(sent, skipped_inactive, skipped_recent)),
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries({ queryKey: submissionStatusKey });
    },
  });
  if (!firm) return null;
  const label = `FY${period.fiscalYear} Q${period.fiscalQuarter}`;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMailForward size={16} aria-hidden />}
        disabled={unfiled === 0}
        title={unfiled === 0 ? m.noneToRemind : undefined}
        onClick={() => setAsking(true)}
      >
        {m.remindAllTitle}
      </Button>
      <ConfirmModal
        opened={asking}
        title={m.remindAllTitle}
        question={m.remindAllQuestion(firm.name, label, unfiled)}
        confirmLabel={ui.sendReminders}
        dismissLabel={ui.cancel}
        loading={remind.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remind.mutate(firm)}
      />
    </>
  );
}
