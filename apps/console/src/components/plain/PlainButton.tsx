/**
 * A button drawn like antd's (default, primary or text; middle or large) without antd: the login page's
 * first load carries no antd (decision 059). Two Chinese characters get a space between them, as antd's do.
 */
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './plain.module.css';

/** antd's rule: a label of exactly two Chinese characters is spaced out ("登 录"). */
const TWO_CN_CHARS = /^[\u4E00-\u9FA5]{2}$/;

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  kind?: 'default' | 'primary' | 'text';
  large?: boolean;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  htmlType?: 'button' | 'submit';
}

export const plainButtonClass = ({
  kind = 'default',
  large,
  block,
  loading,
  iconOnly,
}: Pick<PlainButtonProps, 'kind' | 'large' | 'block' | 'loading'> & { iconOnly?: boolean }) =>
  [
    styles.btn,
    styles[kind],
    large && styles.large,
    block && styles.block,
    loading && styles.loading,
    iconOnly && styles.iconOnly,
  ]
    .filter(Boolean)
    .join(' ');

export const PlainButton = ({
  kind,
  large,
  block,
  loading,
  icon,
  htmlType = 'button',
  children,
  ...rest
}: PlainButtonProps) => {
  const label =
    typeof children === 'string' && TWO_CN_CHARS.test(children) ? children.split('').join(' ') : children;
  const shownIcon = loading ? <LoadingOutlined /> : icon;
  return (
    <button
      type={htmlType}
      className={plainButtonClass({ kind, large, block, loading, iconOnly: children === undefined })}
      {...rest}
    >
      {shownIcon}
      {children === undefined ? null : <span>{label}</span>}
    </button>
  );
};
