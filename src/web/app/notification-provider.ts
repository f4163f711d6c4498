import type { NotificationProvider } from '@refinedev/core';
import { toast } from '../toast';

/** Refine's notifications (mutation success/error) shown as toasts. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const options = { id: key, description };
    if (type === 'success') toast.success(message, options);
    else if (type === 'error') toast.error(message, options);
    else toast(message, options);
  },
  close: (key) => toast.dismiss(key),
};
