/** "Leads changed": the menu's 新线索 badge counts again when a lead is opened, assigned or moved here. */
const EVENT = 'yx-leads-changed';

export const announceLeadsChanged = () => window.dispatchEvent(new Event(EVENT));

export const onLeadsChanged = (listener: () => void) => {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
};
