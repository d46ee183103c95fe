import { notifications } from '@mantine/notifications';
import { commonScreenMessages as ui } from '@portal/domain';

// A toast is named by what it says: the same message again while it shows (a Save pressed twice)
// does not stack a second copy over the form.
export const notifySuccess = (message: string) =>
  notifications.show({ id: `success:${message}`, color: 'green', message });

export const notifyError = (message: string) =>
  notifications.show({ id: `error:${message}`, color: 'red', title: ui.error, message });

/** Takes back an error toast once what it complained of is put right (a corrected form is saved). */
export const clearError = (message: string) => notifications.hide(`error:${message}`);
