import { Button } from '@mantine/core';
import { messages, type SubmissionStatusRow } from '@portal/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { notifySuccess } from '../../lib/notify';
import { sendReminder, sendReminders, submissionStatusKey } from './compliance-api';

const m = messages.submissionStatus;

/** "Doe, Jane" as the Supervised Person column shows it; the address when the account has no name. */
export const personOf = (r: Pick<SubmissionStatusRow, 'first_name' | 'last_name' | 'email'>) =>
  [r.last_name, r.first_name].filter(Boolean).join(', ') || r.email;

/** The row action's name: an icon button reads 'Send a reminder to Doe, Jane'. */
export const SEND_REMINDER = 'Send a reminder to';

/**
 * Reminds one supervised person. The seed said "was sent" on click, before the call returned (spec 001
 * §8), so a refused reminder (the person filed meanwhile) still read as sent: the notice now follows the
 * server's answer, a refusal shows the server's reason, and the rows refresh to show "last reminded".
 */
export function useSendReminder() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (row: SubmissionStatusRow) => sendReminder({ supervisedPersonUserId: row.user_id }),
    onSuccess: () => notifySuccess(messages.attestations.notificationSent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionStatusKey }),
  });
  return (row: SubmissionStatusRow) => send.mutate(row);
}

interface RemindAllButtonProps {
  /** The firm whose people are reminded; the button shows only once one is chosen. */
  firm: { id: number; name: string } | null;
  period: { fiscalYear: number; fiscalQuarter: number };
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
    onSuccess: ({ sent }) => notifySuccess(m.remindersSent(sent)),
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
        confirmLabel="Send reminders"
        dismissLabel="Cancel"
        loading={remind.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remind.mutate(firm)}
      />
    </>
  );
}
