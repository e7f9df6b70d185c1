import type { SettingsViewProps } from '../preferences';

/** What each dialog of 安全设置 is handed: the settings, how to keep a saved copy, and how to close. */
export interface SecurityDialogProps extends SettingsViewProps {
  onClose: () => void;
  /** Reads the settings again after a change the answer does not carry (MFA, the backup e-mail). */
  reload: () => Promise<void>;
}
