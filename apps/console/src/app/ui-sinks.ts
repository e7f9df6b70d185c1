/**
 * antd's message and notification from App.useApp(), handed to the request layer. Kept apart from the
 * request client so the login page's first load does not pull in the contract's schemas.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

export const sinks: { message?: MessageInstance; notification?: NotificationInstance } = {};
