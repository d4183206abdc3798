import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../tokens';
import type { ReactNode } from 'react';
import { useTextStyles } from './text-styles';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '10px',
    padding: '40px 20px',
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: '32px',
    marginBottom: '6px',
  },
  description: { color: tokens.colorNeutralForeground3, maxWidth: '440px' },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap', justifyContent: 'center', marginTop: '10px' },
});

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  actions?: ReactNode;
  className?: string;
}

/** What a list or page shows when there is nothing (yet) to show. */
export function EmptyState({ icon, title, description, actions, className }: EmptyStateProps) {
  const styles = useStyles();
  const text = useTextStyles();
  return (
    <div className={mergeClasses(styles.root, className)}>
      {icon && <div className={styles.icon}>{icon}</div>}
      <h2 className={text.subtitle}>{title}</h2>
      {description && <p className={mergeClasses(text.body, styles.description)}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
