import { makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '20px', minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  note: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** A tool's column: the file picker and list, its options, then the run panel. */
export function ToolColumn({ children }: { children: ReactNode }) {
  return <div className={useStyles().root}>{children}</div>;
}

export function ToolSection({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className={useStyles().section} aria-label={label}>
      {children}
    </section>
  );
}

export function ToolNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={useStyles().note} data-testid={testId}>
      {children}
    </p>
  );
}
