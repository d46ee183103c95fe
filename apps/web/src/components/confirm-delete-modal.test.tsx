import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../testing/render';
import { ConfirmDeleteModal } from './confirm-delete-modal';

describe('the delete confirmation', () => {
  it('asks about the record by name and gives the focus to Cancel, so Enter does not delete', async () => {
    renderWithMantine(<ConfirmDeleteModal name="Jane Doe" loading={false} onCancel={() => {}} onConfirm={() => {}} />);
    expect(await screen.findByText('Are you sure you want to delete Jane Doe?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });
});
