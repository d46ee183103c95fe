import { commonScreenMessages as ui } from '@portal/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../lib/notify';
import type { RowAction } from './data-table/data-table';

/** A row being edited (`row: null` for a new one), or no form open. */
export type Editing<T> = { row: T | null } | null;

/**
 * The edit-and-remove state of a setup list: which row the form edits, which row awaits the removal's
 * confirmation, the removal itself (its toast, then the list refetched) and the rows' Edit/Remove actions.
 */
export function useEditRemove<T>(remover: (row: T) => Promise<unknown>, listKey: QueryKey, removedToast: string) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: remover,
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(removedToast);
    },
    onError: () => setRemoving(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const actions: RowAction<T>[] = [
    { label: ui.edit, icon: IconPencil, placement: 'inline', onClick: (row) => setEditing({ row }) },
    { label: ui.remove, icon: IconTrash, color: 'red', placement: 'menu', onClick: setRemoving },
  ];
  return { editing, setEditing, removing, setRemoving, remove, actions };
}
