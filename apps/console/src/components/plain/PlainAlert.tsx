/**
 * An alert drawn like antd's (an error with its icon, or the warning banner) without antd: the login
 * page's first load carries no antd (decision 059).
 */
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import type { CSSProperties, ReactNode } from 'react';
import styles from './plain.module.css';

export const PlainAlert = ({
  kind,
  children,
  style,
}: {
  kind: 'error' | 'warning-banner';
  children: ReactNode;
  style?: CSSProperties;
}) => (
  <div
    role="alert"
    className={kind === 'error' ? styles.alert : `${styles.alert} ${styles.banner}`}
    style={style}
  >
    <span className={styles.alertIcon}>
      {kind === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
    </span>
    <div>{children}</div>
  </div>
);
