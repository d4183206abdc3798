import { mergeClasses } from '@fluentui/react-components';
import type { ButtonHTMLAttributes } from 'react';
import { useButtonStyles, type ButtonAppearance } from './button-styles';

type ShellButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  appearance?: ButtonAppearance;
  /** Square, for a single icon: then give it an aria-label. */
  iconOnly?: boolean;
  'data-testid'?: string;
};

/** A Fluent-looking button for the header, without Fluent's Button (see button-styles.ts). */
export function ShellButton({ appearance = 'subtle', iconOnly, className, type = 'button', ...rest }: ShellButtonProps) {
  const styles = useButtonStyles();
  return <button type={type} className={mergeClasses(styles.base, styles[appearance], iconOnly && styles.icon, className)} {...rest} />;
}
