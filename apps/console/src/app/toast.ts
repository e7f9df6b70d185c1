/**
 * A short message (antd message). Inside the console it is the App's hook-bound instance; on the light
 * login shell, where antd App is not loaded, antd's static message is fetched on first use, so the first
 * page does not carry it.
 */
import { sinks } from './ui-sinks';

export const toast = async (kind: 'success' | 'error', text: string) => {
  if (sinks.message) {
    sinks.message[kind](text);
    return;
  }
  const { default: message } = await import('antd/es/message');
  message[kind](text);
};
