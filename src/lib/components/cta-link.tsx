import { mergeClasses } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useButtonStyles, type ButtonAppearance } from './button-styles';

interface CtaLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonAppearance;
  size?: 'medium' | 'large';
  className?: string;
  onClick?: () => void;
}

/** A router link that looks like a Fluent button, for first-paint surfaces (header, home). */
export function CtaLink({ to, children, appearance = 'secondary', size = 'medium', className, onClick }: CtaLinkProps) {
  const styles = useButtonStyles();
  return (
    <Link to={to} onClick={onClick} className={mergeClasses(styles.base, styles[appearance], size === 'large' && styles.large, className)}>
      {children}
    </Link>
  );
}
