/**
 * A large input with a prefix icon, and a form field around it, drawn like antd's Input, Input.Password and
 * Form.Item without antd: the login page's first load carries no antd (decision 059). The wrapper keeps
 * antd's class names (`ant-input-affix-wrapper`, `-rtl`), so the page reads the same to tools and tests;
 * antd's own rules never match it (they require antd's hash class).
 */
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import styles from './plain.module.css';

export interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'type'> {
  id: string;
  prefix: ReactNode;
  error?: string;
  rtl?: boolean;
  /** A password field: the labels of its show and hide button. */
  password?: { show: string; hide: string };
}

export const PlainInput = ({ id, prefix, error, rtl, password, ...input }: PlainInputProps) => {
  const [visible, setVisible] = useState(false);
  const wrapper = [
    'ant-input-affix-wrapper',
    rtl && 'ant-input-affix-wrapper-rtl',
    styles.affix,
    error && styles.error,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // A label: a press anywhere on the box (the icon, the padding) puts the caret in the input, as antd's does.
    <label className={wrapper} htmlFor={id}>
      <span className={styles.prefix}>{prefix}</span>
      <input
        id={id}
        type={password && !visible ? 'password' : 'text'}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}_help` : undefined}
        {...input}
      />
      {password && (
        <span className={styles.suffix}>
          <button
            type="button"
            className={styles.eye}
            aria-label={visible ? password.hide : password.show}
            aria-pressed={visible}
            // Keeps the caret in the password while its eye is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        </span>
      )}
    </label>
  );
};

/** A field: its control and, under it, its message (antd's Form.Item without a label). */
export const PlainField = ({ id, error, children }: { id: string; error?: string; children: ReactNode }) => (
  <div className={error ? `${styles.field} ${styles.withHelp}` : styles.field}>
    {children}
    {error && (
      <div id={`${id}_help`} role="alert" className={styles.explain}>
        {error}
      </div>
    )}
  </div>
);
