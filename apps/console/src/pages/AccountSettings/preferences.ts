/** What the settings tabs share: the settings they show and where a saved copy goes. */
import type { AccountSettings } from '@yuexun/contract';

export interface SettingsViewProps {
  settings: AccountSettings;
  /** The settings as the server stored them; the page shows these from now on. */
  onSaved: (settings: AccountSettings) => void;
}
